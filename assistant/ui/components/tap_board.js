// The tap board: one component for every table of the project (a sheet, a card display).
// Taps that only select are answered here, in the browser, at once; a decision (a button) goes to
// Python as one trigger carrying the selection. Python sends the picture and the marks as data.
//
// The picture (data.html) is drawn again only when it changes. What changes from one decision to
// the next comes as small parts: the slots (HTML for the elements marked data-slot="name") and the
// marks (a class per list of part ids, such as the crossed cells). So a decision costs the browser
// a few class changes instead of drawing a whole sheet again. The page keeps pictures and slots by id,
// and Python sends one only if the page does not keep it (the page's decisions name what it keeps).
//
// A decision is drawn here at once, before the server has heard of it: Python says per decision what
// it looks like (data.sent: classes for the selected parts, or for parts it names), and the board
// puts those classes on and marks itself waiting ("tb-waiting"), its buttons inert. Only what
// this device already shows is used, never a card it has not been shown. The server's next picture
// (which names the decision it answers) takes every such class off again and draws what was decided,
// or, for a refused decision, the picture as it was with the reason.
const WAITING_MS = 8000;  // no answer by then (a lost connection): the board is the player's again
const SLOW_MS = 400;  // no answer by then: a ring round the board pulses (the usual answer comes sooner)
const MOST_KEPT = 96;  // pictures and slots kept (MOST_KEPT in __init__.py): a few positions of every board

// The ids the page keeps, as it tells Python (the newest MOST_KEPT), remembered as told.
function tellKept(pictures) {
  const ids = [...pictures.keys()].slice(-MOST_KEPT);
  window.tbTold = new Set(ids);
  return ids;
}

// Keeps html by its id, as the newest (a Map keeps the order things were put in).
function remember(pictures, id, html) {
  pictures.delete(id);
  pictures.set(id, html);
}

// The classes a decision put on, as [element, class, added] to be taken back in reverse order.
function takeBack(root) {
  (root.tbEffects || []).reverse().forEach(([el, cls, added]) => el.classList.toggle(cls, !added));
  root.tbEffects = [];
}

function stopWaiting(root) {
  takeBack(root);
  clearTimeout(root.tbWaitTimer);
  clearTimeout(root.tbSlowTimer);
  root.tbWaiting = null;
  root.classList.remove("tb-waiting", "tb-slow");
}

// What the decision looks like: each class of effect.selected on the parts it was made with (which
// then lose their "selected" look), and effect.parts ({class: [part ids]}) on the parts named.
function drawEffects(root, waiting) {
  const { effect, selection } = waiting;
  const change = (el, cls, add) => {
    if (el.classList.contains(cls) === add) return;
    el.classList.toggle(cls, add);
    root.tbEffects.push([el, cls, add]);
  };
  const each = (ids, fn) => ids.forEach((id) => (root.tbParts.get(id) || []).forEach(fn));
  root.tbEffects = [];
  const onSelected = effect.selected || [];
  if (onSelected.length) {
    each(selection, (el) => {
      change(el, "tb-selected", false);
      onSelected.forEach((cls) => change(el, cls, true));
    });
  }
  for (const [cls, ids] of Object.entries(effect.parts || {})) each(ids, (el) => change(el, cls, true));
}

export default function (component) {
  const { parentElement, setTriggerValue } = component;
  const data = component.data.board;
  let root = parentElement.querySelector(".tb-root");
  if (!root) {
    root = document.createElement("div");
    root.className = "tb-root";
    parentElement.appendChild(root);
  }
  // Pictures and slots are kept by id (the newest MOST_KEPT of them): after a decision Python sends
  // again only those the page does not keep (the decision names the ones it does).
  const pictures = (window.tbPictures ||= new Map());
  const { html: sent, html_id: htmlId, slots: slotData = {}, ...rest } = data;
  if (sent != null) remember(pictures, htmlId, sent);
  const slots = {};  // slot name: the id of its HTML
  for (const [name, slot] of Object.entries(slotData)) {
    if (slot.html != null) remember(pictures, slot.id, slot.html);
    slots[name] = slot.id;
  }
  const used = [htmlId, ...Object.values(slots)];
  if (!used.every((id) => pictures.has(id))) {  // not kept here after all: ask for it, nothing decided
    window.tbTold = new Set();  // Python then keeps nothing for this page
    setTriggerValue("action", { button: "send_picture", selection: [], has: null });
    return;
  }
  used.forEach((id) => remember(pictures, id, pictures.get(id)));  // the ones in use are the newest
  // The oldest go first, but never one in use or one the page last told Python it keeps: Python leaves those
  // out until the page tells it again (a run of computer opponents' moves must not push out the player's table).
  const spared = new Set([...(window.tbTold || []), ...used]);
  for (const id of pictures.keys()) {
    if (pictures.size <= MOST_KEPT) break;
    if (!spared.has(id)) pictures.delete(id);
  }
  window.tbKept = () => tellKept(pictures);
  const html = pictures.get(htmlId);
  rest.slots = slots;
  const state = JSON.stringify(rest);
  // Streamlit calls this again whenever the page redraws, often with the same data: then the
  // board is left as it is, with the player's selection.
  if (root.tbHtmlId === htmlId && root.tbState === state) return;
  root.tbState = state;
  // New data: what a decision drew here comes off first, so that the data draws on the picture as
  // the server knows it. The waiting is over when the data answers the decision (data.answered names
  // it), or when the server moved on without it (another position, picture or marks); otherwise (a
  // status line changed) the decision is drawn again on top.
  const waiting = root.tbWaiting;
  if (waiting) {
    takeBack(root);
    if (data.answered === waiting.seq || htmlId !== waiting.htmlId
        || JSON.stringify([data.version, data.marks]) !== waiting.position) stopWaiting(root);
  }
  // A note says why a tap was not taken on one position: once the game moved on, it goes.
  const position = JSON.stringify(data.version);
  if (root.tbPosition !== position) {
    root.tbPosition = position;
    root.querySelectorAll(".tb-note").forEach((box) => { box.textContent = ""; });
  }
  const samePicture = root.tbHtmlId === htmlId;
  if (!samePicture) {
    root.innerHTML = html;
    root.tbHtmlId = htmlId;
    root.tbSlots = {};
    root.tbClassed = new Map();
    root.tbMarks = [];
  }
  let redrawn = !samePicture;
  for (const [name, id] of Object.entries(slots)) {
    if (root.tbSlots[name] === id) continue;
    root.querySelectorAll(`[data-slot="${name}"]`).forEach((el) => { morph(el, pictures.get(id)); });
    root.tbSlots[name] = id;
    redrawn = true;
  }
  if (redrawn) {
    // Every part by its id, found once per new picture or slot: a sheet has about 150 cells. A slot's
    // new parts get the classes their ids carry (a mark, the selection).
    root.tbParts = new Map();
    root.querySelectorAll("[data-tap]").forEach((el) => {
      if (!root.tbParts.has(el.dataset.tap)) root.tbParts.set(el.dataset.tap, []);
      root.tbParts.get(el.dataset.tap).push(el);
    });
    root.tbClassed.forEach((ids, cls) => ids.forEach((id) => (root.tbParts.get(id) || []).forEach((el) => el.classList.add(cls))));
  }
  const parts = root.tbParts;
  // Which parts carry each class now: a change touches only the parts it changes (a table of four sheets
  // has 600 parts, of which a decision changes a handful).
  function setClass(cls, ids) {
    const had = root.tbClassed.get(cls) || new Set();
    const wanted = new Set(ids);
    had.forEach((id) => { if (!wanted.has(id)) (parts.get(id) || []).forEach((el) => el.classList.remove(cls)); });
    wanted.forEach((id) => { if (!had.has(id)) (parts.get(id) || []).forEach((el) => el.classList.add(cls)); });
    root.tbClassed.set(cls, wanted);
  }

  // Marks: the classes named now are set on their parts and taken off all others; a class named
  // last time and not now is taken off everywhere.
  const marks = data.marks || {};
  (root.tbMarks || []).forEach((cls) => { if (!(cls in marks)) setClass(cls, []); });
  for (const [cls, ids] of Object.entries(marks)) setClass(cls, ids);
  root.tbMarks = Object.keys(marks);

  const select = data.select || { mode: "none" };
  // A redraw of the same decision that Python sent for another reason (another device moved, a new
  // status line) keeps what the player has selected here; Python's own selection counts when Python
  // changed it, or when the decision is another one (its version moved on).
  const sentSelected = JSON.stringify([data.selected || [], data.version]);
  const keep = samePicture && root.tbSelected && root.tbSentSelected === sentSelected;
  const selected = keep ? root.tbSelected : new Set(data.selected || []);
  root.tbSelected = selected;
  root.tbSentSelected = sentSelected;
  // Pairs (an exchange: a hand card and a table card): a part joins the selection only
  // beside parts it pairs with; a tap on one that does not pair starts the selection anew with it.
  const pairs = select.pairs || null;
  const pairsWith = (a, b) => (pairs[a] || []).includes(b);
  // Modes (swap, discard and turn up, swim) change what a tap does; choosing one
  // is a selection, answered here. Each mode has its own tappable parts.
  const modes = data.modes || [];
  let mode = modes.length ? (modes.find((m) => m.id === data.mode) || modes[0]) : null;
  let tappable = new Set(mode ? mode.tappable : select.tappable || []);
  function markTappable() {
    setClass("tb-tappable", tappable);
  }
  markTappable();
  if (keep && !mode) [...selected].forEach((id) => { if (!tappable.has(id)) selected.delete(id); });

  // A mark may name a button or a mode ("button:give", "mode:sets2"), as a lesson points at what to tap.
  const markButton = (btn, name) => {
    for (const [cls, ids] of Object.entries(marks)) if (ids.includes(name)) btn.classList.add(cls);
  };
  const modeBar = root.querySelector(".tb-modes");
  if (modeBar) {
    modeBar.replaceChildren();
    for (const spec of modes) {
      const btn = document.createElement("button");
      btn.className = "tb-button tb-mode";
      btn.dataset.mode = spec.id;
      btn.textContent = spec.label;
      btn.onclick = () => {
        if (root.tbWaiting) return;
        mode = spec;
        tappable = new Set(spec.tappable);
        modeBar.querySelectorAll(".tb-mode").forEach((b) => b.classList.toggle("tb-active", b === btn));
        markTappable();
      };
      btn.classList.toggle("tb-active", spec === mode);
      btn.setAttribute("aria-disabled", String(Boolean(root.tbWaiting)));
      markButton(btn, "mode:" + spec.id);
      modeBar.appendChild(btn);
    }
  }

  // The decision names the picture it was made on (the number of actions taken then), so a
  // decision made on a picture another tab has moved on from is refused, not taken for someone else.
  // One decision at a time: a second tap before the answer (an impatient double tap, or a tap on
  // the button that the answer is about to put in the same place) is not sent. Each decision has a
  // number of its own (for the page's life), which the answer names.
  const sentSpec = data.sent || {};
  const send = (button, byTap) => {
    if (root.tbWaiting) return;
    const seq = (window.tbDecisions = (window.tbDecisions || 0) + 1);
    const selection = [...selected];
    const effect = (byTap ? sentSpec.taps : (sentSpec.buttons || {})[button]) || {};
    const waiting = { seq, effect, selection, htmlId, position: JSON.stringify([data.version, data.marks]) };
    root.tbWaiting = waiting;
    drawEffects(root, waiting);
    root.classList.add("tb-waiting");
    // Inert while waiting, not disabled: disabling the button just tapped takes its focus, and the blur
    // and the page's restyle it brings ran after the frame, before the decision left (0.4 ms).
    root.querySelectorAll("button[data-button], button[data-mode]").forEach((btn) => btn.setAttribute("aria-disabled", "true"));
    root.tbWaitTimer = setTimeout(() => {
      if (root.tbWaiting !== waiting) return;
      stopWaiting(root);
      root.querySelectorAll("button[data-mode]").forEach((btn) => btn.setAttribute("aria-disabled", "false"));
      root.tbRefresh();
    }, WAITING_MS);
    root.tbSlowTimer = setTimeout(() => root.classList.toggle("tb-slow", root.tbWaiting === waiting), SLOW_MS);
    setTriggerValue("action", { button, selection, version: data.version, has: tellKept(pictures), seq });
  };

  // Boxes that the selection would use up (a track of boxes): the next n after the used ones.
  const pending = data.pending;
  const pendingBoxes = pending ? root.querySelectorAll("[data-pending]") : [];
  function refresh() {
    setClass("tb-selected", selected);
    if (pairs) {
      setClass("tb-unpaired", [...tappable].filter((id) => !selected.has(id)
        && [...selected].some((s) => !pairsWith(s, id))));
    }
    pendingBoxes.forEach((el) => {
      const n = Number(el.dataset.pending);
      el.classList.toggle("tb-pending", n >= pending.from && n < pending.from + selected.size);
    });
    root.querySelectorAll("button[data-button]").forEach((btn) => {
      const spec = data.buttons.find((b) => b.id === btn.dataset.button);
      const count = selected.size;
      if (spec.html) btn.innerHTML = spec.label;  // a picture (a die face) made by our own code
      else {
        btn.textContent = count === 0 && spec.label_none ? spec.label_none : spec.label.replace("{n}", String(count));
        if (spec.icon) btn.insertAdjacentHTML("afterbegin", spec.icon + " ");  // our own SVG icon
      }
      btn.disabled = !spec.enabled || (spec.needs === "selection" && count === 0)
        || (spec.needs === "full" && count !== select.max);
      btn.setAttribute("aria-disabled", String(Boolean(root.tbWaiting)));
    });
  }
  root.tbRefresh = refresh;

  // The action bar: each button is a decision; "clear" and "take_hint" only select.
  const bar = root.querySelector(".tb-buttons");
  if (bar) {
    bar.replaceChildren();
    for (const spec of data.buttons || []) {
      const btn = document.createElement("button");
      btn.dataset.button = spec.id;
      btn.className = "tb-button" + (spec.primary ? " tb-primary" : "");
      markButton(btn, "button:" + spec.id);
      btn.onclick = () => {
        if (root.tbWaiting) return;  // inert until the answer (send refuses a second decision too)
        if (spec.id === "clear") { selected.clear(); refresh(); return; }
        if (spec.id === "take_hint") {
          selected.clear();
          (marks["tb-hint"] || []).forEach((id) => selected.add(id));
          // Where one tap decides, taking the hint is that tap: on the hinted part, in the hint's mode.
          const hinted = modes.find((m) => m.id === data.mode) || mode;
          if ((hinted || select.mode === "one") && selected.size === 1) {
            send(hinted ? hinted.id : select.button || "choose", true);
            return;
          }
          refresh();
          return;
        }
        send(spec.id, false);
      };
      bar.appendChild(btn);
    }
  }

  // Why a part cannot be tapped now (a minus card that goes only for its own colour), if Python said:
  // the part's own note, else that of every part named "prefix:..." ("prefix:*"), else that of every part ("*").
  const notes = data.notes || {};
  function noteFor(id) {
    const colon = id.indexOf(":");
    return notes[id] || (colon > 0 && notes[id.slice(0, colon + 1) + "*"]) || notes["*"] || "";
  }
  function tap(id) {
    const noteBox = root.querySelector(".tb-note");
    let note = tappable.has(id) ? "" : noteFor(id);
    if (!tappable.has(id)) {
      if (noteBox) noteBox.textContent = note;
      return;
    }
    if (mode || select.mode === "one") {
      if (noteBox) noteBox.textContent = "";
      selected.clear();
      selected.add(id);
      send(mode ? mode.id : select.button || "choose", true);
      return;
    }
    if (selected.has(id)) selected.delete(id);
    else {
      // A part that does not pair with the selection starts it anew; a note "a>b" (either way round)
      // says why the two do not go together (a hamster and a card it cannot move to).
      if (pairs) {
        [...selected].forEach((s) => {
          if (pairsWith(s, id)) return;
          note = note || notes[`${s}>${id}`] || notes[`${id}>${s}`] || "";
          selected.delete(s);
        });
      }
      if (!select.max || selected.size < select.max) selected.add(id);
      else if (noteBox) note = note || (data.full_note || "").replace("{n}", String(select.max));
      else flash(root, (data.full_note || "").replace("{n}", String(select.max)));
    }
    if (noteBox) noteBox.textContent = note;
    refresh();
  }

  root.onclick = (event) => {
    const target = event.target.closest("[data-tap]");
    if (!target) return;
    const id = target.dataset.tap;
    if (root.tbWaiting) {
      // The last decision is on its way. A tap that only selects is kept, marked, and taken once the
      // answer is drawn (on the position the answer shows); a tap that decides is refused, visibly:
      // no tap is lost in a redraw.
      if (!mode && select.mode === "many") {
        (root.tbQueued ||= []).push(id);
        target.classList.add("tb-queued");
      } else flash(root, data.wait_note || "");
      return;
    }
    tap(id);
  };
  refresh();
  // Still waiting after a redraw that did not answer: the decision is drawn again on the new data.
  if (root.tbWaiting) drawEffects(root, root.tbWaiting);
  else if (root.tbQueued && root.tbQueued.length) {
    const queued = root.tbQueued;
    root.tbQueued = [];
    root.querySelectorAll(".tb-queued").forEach((el) => el.classList.remove("tb-queued"));
    queued.forEach(tap);
  }
}

// A slot's new HTML, put in node by node: what is the same keeps its elements (a side panel's die,
// counter and track are not built and laid out again because one line of it changed). An element
// whose own attributes changed is replaced whole, as innerHTML would (a radio button's "checked").
function morph(slot, html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  morphChildren(slot, fresh.content);
}

function morphChildren(old, fresh) {
  const before = [...old.childNodes];
  const after = [...fresh.childNodes];
  after.forEach((node, i) => {
    const kept = before[i];
    if (!kept) old.appendChild(node);
    else if (kept.isEqualNode(node)) return;
    else if (kept.nodeType === Node.TEXT_NODE && node.nodeType === Node.TEXT_NODE) kept.data = node.data;
    else if (kept.nodeType === Node.ELEMENT_NODE && sameElement(kept, node)) morphChildren(kept, node);
    else old.replaceChild(node, kept);
  });
  before.slice(after.length).forEach((node) => node.remove());
}

function sameElement(a, b) {
  if (a.nodeName !== b.nodeName || a.attributes.length !== b.attributes.length) return false;
  for (const { name, value } of a.attributes) if (b.getAttribute(name) !== value) return false;
  return true;
}

// A short line over the board (a tap that came while the last decision was on its way).
function flash(root, text) {
  if (!text) return;
  let box = root.querySelector(":scope > .tb-flash");
  if (!box) {
    box = document.createElement("div");
    box.className = "tb-flash";
    box.setAttribute("role", "status");
    root.appendChild(box);
  }
  box.textContent = text;
  clearTimeout(root.tbFlashTimer);
  root.tbFlashTimer = setTimeout(() => box.remove(), 2000);
}
