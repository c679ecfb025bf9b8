// The replay's board (assistant/ui/replay/board.py): a picture of one step of a game, with nothing on it
// to tap, and stepping through the game without a click: the arrow keys, Home and End anywhere on the
// page (not while a field or the slider has the keys), and a swipe across the board. Only the step
// wanted goes to Python, as a trigger; Python checks it and draws that step.
//
// Keys pressed quickly count from the step last asked for, not the one drawn: three presses of the
// right arrow are three steps, however fast the server answers.
const SWIPE_PX = 50;  // at least this far across, and mostly across: a swipe, not a scroll
const SWIPE_MS = 900;
const ASKING_MS = 3000;  // a step asked for and not drawn by then (lost): count from the one drawn
const PHONE_PX = 700;  // narrower than this: the page scrolls, the board is never made smaller
const SMALLEST = 0.8;  // made smaller to fit the screen, never below this (its words must stay readable)

// On a tablet the whole board fits the screen below the controls above it: a board taller than the room
// left is drawn smaller (CSS zoom lays it out again, wider, so it also grows less tall).
function fit(root) {
  root.style.zoom = "";
  if (window.innerWidth < PHONE_PX) return;
  const top = root.getBoundingClientRect().top + window.scrollY;
  const room = window.innerHeight - Math.min(top, window.innerHeight / 2) - 8;
  let zoom = 1;
  for (let tries = 0; tries < 3 && zoom > SMALLEST; tries += 1) {
    const tall = root.getBoundingClientRect().height;  // as drawn, the zoom included
    if (tall <= room) break;
    zoom = Math.max(SMALLEST, zoom * room / tall);
    root.style.zoom = String(zoom);
  }
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const { html, step, length } = component.data.board;
  let root = parentElement.querySelector(".rb-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "rb-root";
    parentElement.appendChild(root);
  }
  if (root.rbHtml !== html) {
    root.innerHTML = html;
    root.rbHtml = html;
    fit(root);
    // Again once the page around it has its final height (the lines above the board are drawn with it).
    requestAnimationFrame(() => fit(root));
    setTimeout(() => fit(root), 400);
  }
  const asked = root.rbAsked;
  if (asked === undefined || asked.step === step || Date.now() - asked.at > ASKING_MS) root.rbAsked = undefined;
  root.rbSent = root.rbSent || 0;
  const go = (to) => {
    const from = root.rbAsked ? root.rbAsked.step : step;
    const target = Math.max(0, Math.min(length, to(from)));
    if (target === from) return;
    root.rbAsked = { step: target, at: Date.now() };
    root.rbSent += 1;  // a new value each time: each is a new trigger
    setTriggerValue("step", { step: target, n: root.rbSent });
  };

  const onKey = (event) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = (event.composedPath && event.composedPath()[0]) || event.target;
    if (target && target.closest && target.closest("input, textarea, select, [role=slider], [contenteditable]")) return;
    const moves = { ArrowRight: (s) => s + 1, ArrowLeft: (s) => s - 1, Home: () => 0, End: () => length };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    go(move);
  };
  if (window.rbOnResize) window.removeEventListener("resize", window.rbOnResize);
  window.rbOnResize = () => fit(root);
  window.addEventListener("resize", window.rbOnResize);
  if (window.rbOnKey) window.removeEventListener("keydown", window.rbOnKey);
  window.rbOnKey = onKey;
  window.addEventListener("keydown", onKey);

  root.onpointerdown = (event) => {
    root.rbSwipe = { x: event.clientX, y: event.clientY, at: Date.now() };
  };
  root.onpointerup = (event) => {
    const start = root.rbSwipe;
    root.rbSwipe = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < 1.5 * Math.abs(dy) || Date.now() - start.at > SWIPE_MS) return;
    go(dx < 0 ? (s) => s + 1 : (s) => s - 1);  // a swipe to the left brings the next step, as a page turned
  };
  root.onpointercancel = () => { root.rbSwipe = null; };

  return () => {
    window.removeEventListener("resize", window.rbOnResize);
    if (window.rbOnKey === onKey) {
      window.removeEventListener("keydown", onKey);
      window.rbOnKey = null;
    }
  };
}
