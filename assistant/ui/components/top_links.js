// The top bar's page links, drawn as one component: Streamlit draws every element of a page again at
// each change of a run's state (three or four per decision), and nine page links of its own were about
// 2 ms of every decision on a tablet (bench/app.py). A tap names the page; Python goes there only if it
// is one this page offered (assistant/ui/components/top_links.py). They stay links: a long press or a
// middle click opens one in a new tab, as the browser does.
export default function (component) {
  const { parentElement, setTriggerValue, data } = component;
  const drawn = JSON.stringify(data.links);
  let nav = parentElement.querySelector("nav.tl-links");
  if (nav && nav.dataset.drawn === drawn) return;
  if (!nav) {
    nav = document.createElement("nav");
    nav.className = "tl-links";
    parentElement.appendChild(nav);
  }
  nav.dataset.drawn = drawn;
  nav.replaceChildren(...data.links.map((link) => {
    const a = document.createElement("a");
    a.href = link.href;
    a.target = "_self";
    a.dataset.page = link.name;
    if (link.current) a.setAttribute("aria-current", "page");
    const icon = document.createElement("span");
    icon.className = "tl-icon";
    icon.setAttribute("aria-hidden", "true");
    icon.textContent = link.icon;
    const label = document.createElement("span");
    label.className = "tl-label";
    label.textContent = link.label;  // text, never HTML
    a.append(icon, label);
    a.onclick = (event) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      setTriggerValue("go", link.name);
    };
    return a;
  }));
}
