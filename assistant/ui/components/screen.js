// Tells Python whether the screen is a phone's (narrow, or low on its side): a lesson draws its board
// as a phone draws a seat's then. It reports only when that changes (a turned phone, a resized window).
const PHONE_WIDTH = 700;  // below this a tablet's table does not fit side by side
const PHONE_HEIGHT = 500;  // a phone on its side

export default function (component) {
  const { parentElement, setStateValue, data } = component;
  hideBox(parentElement.host || parentElement);
  const state = (parentElement.htScreen ||= { last: null, timer: null });
  const report = () => {
    const phone = window.innerWidth < PHONE_WIDTH || window.innerHeight < PHONE_HEIGHT;
    if (phone !== state.last) {
      state.last = phone;
      setStateValue("phone", phone);
    }
  };
  report();
  // A page may name a part to bring into view when its mark changes (a lesson's next step): on a phone
  // the tap that made it was far down the page, and the new step's words are above.
  if (data && data.mark !== undefined && data.mark !== state.mark) {
    const first = state.mark === undefined;
    state.mark = data.mark;
    if (!first && state.last && data.show) {
      const target = document.querySelector(data.show);
      if (target) target.scrollIntoView({ block: "start", behavior: "smooth" });
    }
  }
  const onResize = () => {
    clearTimeout(state.timer);
    state.timer = setTimeout(report, 250);
  };
  window.addEventListener("resize", onResize);
  return () => window.removeEventListener("resize", onResize);
}

// Nothing to see: its box is hidden (it would leave a gap in the page).
function hideBox(host) {
  if (!host.closest) return;
  const element = host.closest('[data-testid="stElementContainer"]');
  if (element) element.style.display = "none";
}
