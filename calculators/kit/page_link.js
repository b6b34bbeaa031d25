// The page's front-end helper: the address follows the inputs (history.replaceState),
// a "Copy link" button, copying any text the kernel sends, the page's address for the
// kernel's full links and its query (read there by a kernel running in the browser), number
// keyboards on phones, and (in the static site) keeping the calculators for offline use.
// Served with the page by the app's own server; it loads nothing from anywhere.

function copyWithTextarea(text) {
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.top = "0";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  let done = false;
  try {
    done = document.execCommand("copy");
  } catch (error) {
    done = false;
  }
  area.remove();
  return done;
}

async function copyText(text) {
  if (navigator.clipboard && window.isSecureContext) {
    try {
      await navigator.clipboard.writeText(text);
      return true;
    } catch (error) {
      // fall through: some browsers refuse without a recent click
    }
  }
  return copyWithTextarea(text);
}

function addressFor(query) {
  return location.pathname + (query ? "?" + query : "") + location.hash;
}

// Number fields: the phone shows its number keyboard (inputmode), whole numbers or decimals.
function markNumberFields(root) {
  const fields = "input[type='number'], .calc-int-text input";
  for (const input of root.querySelectorAll(fields)) {
    const wanted = input.closest(".widget-inline-hbox.calc-decimal") ? "decimal" : "numeric";
    if (input.getAttribute("inputmode") !== wanted) {
      input.setAttribute("inputmode", wanted);
    }
  }
}

// Accessible names: a page's rows are a label widget, then the input (kit/inputs.py), which
// ipywidgets does not tie together; an input with no name of its own takes the text of the
// label its row starts with, and follows it when the page changes language.
const NAMED_CONTROLS = "input:not([type='hidden']), select, textarea, [role='slider']";

function hasOwnName(control) {
  if (control.hasAttribute("aria-labelledby")) {
    return true;
  }
  if (control.hasAttribute("aria-label") && !control.hasAttribute("data-calc-named")) {
    return true;
  }
  const labels = control.labels ? Array.from(control.labels) : [];
  return labels.some((label) => label.textContent.trim() && label.offsetParent !== null);
}

function sliderLabel(slider) {
  const own = slider.querySelector(":scope > .widget-label");
  return own && getComputedStyle(own).display !== "none" ? own.textContent.trim() : "";
}

function labelText(element) {
  // a label widget, an HTML widget holding text and no input, or a slider with its label
  // (the typed box beside a slider is named after it)
  const kind = element.classList;
  if (kind.contains("widget-slider")) {
    return sliderLabel(element);
  }
  if (!kind.contains("widget-label") && !kind.contains("widget-html")) {
    return "";
  }
  return element.querySelector(NAMED_CONTROLS) ? "" : element.textContent.trim();
}

function rowLabel(control) {
  // a slider's handle is deep inside its widget, which may hold the label itself
  const slider = control.closest(".widget-slider");
  if (slider && sliderLabel(slider)) {
    return sliderLabel(slider);
  }
  let node = slider || control;
  for (let depth = 0; node && depth < 5; depth += 1) {
    for (let before = node.previousElementSibling; before; before = before.previousElementSibling) {
      if (getComputedStyle(before).display === "none") {
        continue; // an empty description ipywidgets hides
      }
      const text = labelText(before);
      if (text) {
        return text;
      }
      if (!before.querySelector(NAMED_CONTROLS)) {
        return "";
      }
      // a row may hold one label and several inputs: go on to the label before them
    }
    node = node.parentElement;
  }
  return "";
}

function nameControls(root) {
  for (const control of root.querySelectorAll(NAMED_CONTROLS)) {
    if (hasOwnName(control)) {
      continue;
    }
    const name = rowLabel(control) || control.getAttribute("title") || "";
    if (name && control.getAttribute("aria-label") !== name) {
      control.setAttribute("aria-label", name);
      control.setAttribute("data-calc-named", "");
    }
  }
}

// Landmarks and live regions: the page's header, navigation and calculator are landmarks, and
// a result or an error that changes is read out by a screen reader without taking the focus.
const LANDMARKS = [
  [".calc-header", "banner"],
  [".calc-nav", "navigation"],
  [".calc-body", "main"],
];
const LIVE = ".calc-result, .calc-live, .calc-error";

function markRegions(root) {
  for (const [selector, role] of LANDMARKS) {
    for (const element of root.querySelectorAll(selector)) {
      if (element.getAttribute("role") !== role) {
        element.setAttribute("role", role);
      }
    }
  }
  for (const element of root.querySelectorAll(LIVE)) {
    if (element.getAttribute("aria-live") !== "polite") {
      element.setAttribute("aria-live", "polite");
    }
  }
}

// A bar's or a number's exact value is in its hover title; a tap shows it as text: under the
// chart for a bar, beside the number for a number (a second tap on a number hides it).
function exactText(target) {
  const title = target.querySelector(":scope > title");
  return title ? title.textContent : target.getAttribute("title") || "";
}

function showExact(target) {
  const text = exactText(target);
  if (!text) {
    return;
  }
  const chart = target.closest("svg.calc-chart");
  if (chart) {
    let caption = chart.nextElementSibling;
    if (!caption || !caption.classList.contains("calc-chart-caption")) {
      caption = document.createElement("p");
      caption.className = "calc-chart-caption";
      caption.setAttribute("aria-live", "polite");
      chart.after(caption);
    }
    caption.textContent = text;
    return;
  }
  const next = target.nextElementSibling;
  if (next && next.classList.contains("calc-exact-shown")) {
    next.remove();
    return;
  }
  const shown = document.createElement("span");
  shown.className = "calc-exact-shown";
  shown.textContent = ` (${text})`;
  target.after(shown);
}

function showExactOnTap() {
  document.addEventListener("click", (event) => {
    const target = event.target.closest && event.target.closest(".calc-bar, .calc-exact");
    if (target) {
      showExact(target);
    }
  });
}

// ipywidgets writes a list's rows with no-break spaces (to keep runs of spaces): a long row
// (a reference title on a phone) could then only be cut at the list's edge, never wrapped
function wrapListRows(root) {
  const rows = root.querySelectorAll(".widget-select option, .widget-select-multiple option");
  for (const option of rows) {
    if (option.textContent.includes("\u00a0")) {
      option.textContent = option.textContent.replace(/\u00a0/g, " ");
    }
  }
}

function watchNumberFields() {
  if (window.__calcNumberFields) {
    return;
  }
  window.__calcNumberFields = true;
  showExactOnTap();
  markNumberFields(document);
  nameControls(document);
  markRegions(document);
  wrapListRows(document);
  let pending = false;
  new MutationObserver(() => {
    if (!pending) {
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        nameControls(document);
        markRegions(document);
        wrapListRows(document);
      });
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
  // a field can also become one without being added: its class or type set after it was shown
  new MutationObserver(() => markNumberFields(document)).observe(document.body, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ["class", "type"],
  });
}

// The static site's service worker keeps every file of the calculators when asked (once per
// page, after the page is shown); the page then says it is available offline. Without that
// worker (the Voila server, or a browser without service workers) nothing happens.
function keepOffline(note) {
  const workers = navigator.serviceWorker;
  if (!workers) {
    return;
  }
  workers.addEventListener("message", (event) => {
    if (event.data && event.data.kind === "desk-offline" && event.data.done) {
      note.hidden = false;
    }
  });
  workers.startMessages();
  workers.ready.then((registration) => {
    if (registration.active) {
      // the files this page loaded, so that the worker takes them from the browser's cache
      const loaded = performance.getEntriesByType("resource").map((entry) => entry.name);
      registration.active.postMessage({ kind: "desk-keep-offline", loaded });
    }
  });
}

export default {
  render({ model, el }) {
    el.classList.add("calc-link-bar");
    const button = document.createElement("button");
    button.type = "button";
    button.className = "jupyter-button calc-copy-link";
    const status = document.createElement("span");
    status.className = "calc-link-status";
    status.setAttribute("role", "status");
    const shown = document.createElement("input");
    shown.type = "text";
    shown.readOnly = true;
    shown.className = "calc-link-text";
    shown.hidden = true;
    const offline = document.createElement("span");
    offline.className = "calc-offline";
    offline.hidden = true;
    el.append(button, status, offline, shown);

    const relabel = () => {
      button.textContent = model.get("label");
      button.title = model.get("hint");
      offline.textContent = model.get("offline_label");
      offline.title = model.get("offline_hint");
    };
    const follow = () => {
      if (model.get("active")) {
        history.replaceState(history.state, "", addressFor(model.get("query")));
      }
    };
    button.addEventListener("click", async () => {
      const link = location.origin + addressFor(model.get("query"));
      const done = await copyText(link);
      status.textContent = done ? model.get("done_label") : model.get("failed_label");
      shown.value = link;
      shown.hidden = done;
      if (!done) {
        shown.select();
      }
    });
    model.on("msg:custom", async (message) => {
      if (message && message.kind === "copy") {
        const done = await copyText(String(message.text));
        model.send({ kind: "copied", done });
      }
    });
    model.on("change:label", relabel);
    model.on("change:hint", relabel);
    model.on("change:offline_label", relabel);
    model.on("change:offline_hint", relabel);
    model.on("change:query", () => {
      status.textContent = "";
      shown.hidden = true;
      follow();
    });
    model.on("change:active", follow);
    relabel();
    follow();
    watchNumberFields();
    keepOffline(offline);
    const here = location.origin + location.pathname;
    if (model.get("page_address") !== here) {
      // in one update: a kernel in the browser (the static site) waits for the address and
      // reads the query when page_address arrives; the kernel makes full links from it
      model.set("page_query", location.search.replace(/^\?/, ""));
      model.set("page_address", here);
      model.save_changes();
    }
  },
};
