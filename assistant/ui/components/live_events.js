// Hearing of moves made on other devices: one request at a time waits on the server's events route
// (assistant/ui/live_events.py) until the game this page shows has moved since the page drew it; then
// a trigger runs the fragment this sits in (the table) again, and the new data says what it drew.
//
// The route answers only with a count ("the game moved n times"), never with what moved. A page that
// is hidden (another tab, a phone asleep) stops asking, and asks again when it is shown: the count it
// waits after makes it hear of whatever moved meanwhile.
const RETRY_MS = 1000;  // after a failed request; doubled up to MAX_RETRY_MS while it keeps failing
const MAX_RETRY_MS = 30000;

export default function (component) {
  const { parentElement, setTriggerValue, data } = component;
  const live = (parentElement.htLive ||= { drawn: null, heard: null, run: 0, sent: 0 });
  live.setTriggerValue = setTriggerValue;
  hideBox(parentElement.host || parentElement);
  if (live.drawn !== data.drawn) {  // a new picture was drawn: wait for moves made after it
    live.drawn = data.drawn;
    live.heard = data.after;
  }
  const where = `${data.url}?game=${encodeURIComponent(data.game)}&me=${encodeURIComponent(data.me)}`
    + (data.token ? `&t=${encodeURIComponent(data.token)}` : "");
  if (live.where !== where || !live.running) {
    live.where = where;
    start(live);
  }
  if (!live.onVisibility) {
    live.onVisibility = () => { if (document.visibilityState === "visible" && !live.running) start(live); };
    document.addEventListener("visibilitychange", live.onVisibility);
  }
  return () => {
    live.run += 1;  // the loop running ends at its next turn
    live.running = false;
    if (live.abort) live.abort.abort();
    if (live.onVisibility) document.removeEventListener("visibilitychange", live.onVisibility);
    live.onVisibility = null;
  };
}

// Nothing to see: its box is hidden, and the fragment's box too when it holds nothing else (either
// would leave a gap in the page).
function hideBox(host) {
  if (!host.closest) return;
  const element = host.closest('[data-testid="stElementContainer"]');
  if (element) element.style.display = "none";
  const box = host.closest('[data-testid="stLayoutWrapper"]');
  if (box && box.querySelectorAll('[data-testid="stElementContainer"]').length === 1) box.style.display = "none";
}

function start(live) {
  live.run += 1;
  if (live.abort) live.abort.abort();
  live.running = true;
  listen(live, live.run);
}

async function listen(live, run) {
  let retry = RETRY_MS;
  while (live.run === run) {
    if (document.visibilityState === "hidden") {  // asks again once shown (visibilitychange)
      live.running = false;
      return;
    }
    live.abort = new AbortController();
    try {
      const answer = await fetch(`${live.where}&after=${live.heard}`, { cache: "no-store", signal: live.abort.signal });
      if (live.run !== run) return;
      if (answer.status === 200) {
        const { count } = await answer.json();
        retry = RETRY_MS;
        if (count !== live.heard) {
          live.heard = count;
          live.sent += 1;  // a new value each time, so that each is a new trigger
          // The tap boards' pictures this page keeps (tap_board.js): the redraw need not send them again.
          const pictures = window.tbKept ? window.tbKept() : [];
          live.setTriggerValue("moved", { count, n: live.sent, pictures });
        }
      } else if (answer.status !== 204) {  // no events route (a server without it): the slow look remains
        await sleep(retry = Math.min(retry * 2, MAX_RETRY_MS));
      }
    } catch (error) {
      if (live.run !== run) return;
      await sleep(retry = Math.min(retry * 2, MAX_RETRY_MS));  // the server is away (a restart, no Wi-Fi)
    }
  }
}

function sleep(ms) {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
