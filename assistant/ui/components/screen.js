// Tells Python whether the screen is a phone's (narrow, or low on its side): a lesson draws its board
// as a phone draws a seat's then. It reports only when that changes (a turned phone, a resized window).
const PHONE_WIDTH = 700;  // below this a tablet's table does not fit side by side
const PHONE_HEIGHT = 500;  // a phone on its side

export default function (component) {
  const { parentElement, setStateValue } = component;
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
