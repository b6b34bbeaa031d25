// What a static-site page says while Python starts in the browser (calculators/kit/startup.py).
// The site's service worker counts the bytes of Python and the calculators it hands to the
// page's kernel and tells the page on the "desk-startup" channel; the page shows them against
// the build's total, says whether they come from the network or from this browser's copy,
// and hides the box once the calculator shows.
(() => {
  const config = window.deskStartup;
  const box = document.currentScript.previousElementSibling;
  if (!config || !box || !box.classList.contains("desk-startup")) return;
  const asked = new URLSearchParams(location.search).get("lang");
  const lang = asked && config.words[asked] ? asked : "en";
  const words = config.words[lang];
  const step = box.querySelector(".desk-startup-step");
  const bar = box.querySelector("progress");
  const note = box.querySelector(".desk-startup-note");
  bar.setAttribute("aria-label", words.progress_name);
  const megabytes = (bytes) =>
    (bytes / 1e6).toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  // `known`: whether this browser's copy has been looked for; until then the box names no source
  const state = { bytes: null, kept: false, known: false, done: false };

  const render = () => {
    if (state.done) return;
    const total = config.total;
    const counted = state.bytes !== null;
    if (!state.known || (counted && state.bytes >= 0.98 * total)) {
      step.textContent = words.starting;
      bar.removeAttribute("value");
    } else {
      const what = state.kept ? words.from_copy : words.downloading;
      if (counted) {
        const amount = words.amount
          .replace("{done}", megabytes(Math.min(state.bytes, total)))
          .replace("{total}", megabytes(total));
        step.textContent = `${what}: ${amount}`;
        bar.value = Math.min(state.bytes / total, 1);
      } else {
        step.textContent = what; // no count yet: the bar moves without a value
        bar.removeAttribute("value");
      }
    }
    const once = state.known && !state.kept;
    note.textContent = once ? words.once : "";
    note.hidden = !once;
  };

  if ("BroadcastChannel" in window) {
    const channel = new BroadcastChannel("desk-startup");
    channel.addEventListener("message", (event) => {
      if (event.data && event.data.kind === "desk-bytes") {
        state.bytes = Number(event.data.bytes) || 0;
        render();
      }
    });
    channel.postMessage({ kind: "desk-start" }); // a running worker starts counting again
  }
  // a browser that keeps the calculators (the worker's mark) opens them from its copy
  if ("serviceWorker" in navigator && "caches" in window) {
    navigator.serviceWorker
      .getRegistration()
      .then((registration) => {
        const worker = registration && (registration.active || registration.waiting);
        if (!worker) return null;
        return caches.match(new URL("desk-offline-version", worker.scriptURL).href);
      })
      .then((mark) => {
        state.kept = Boolean(mark);
      })
      .catch(() => {})
      .finally(() => {
        state.known = true;
        render();
      });
  } else {
    state.known = true;
  }
  render();
  // A first visit (no service worker answers for the page yet): fetch the kernel's files now,
  // two at a time in the order it needs them, leaving the page's own scripts connections of
  // their own; the kernel, once started, finds them in the browser's cache.
  const controlled = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  if (config.prefetch && config.prefetch.length && !controlled) {
    const queue = config.prefetch.map((name) => new URL(name, location.href).href);
    const lane = async () => {
      for (let url = queue.shift(); url; url = queue.shift()) {
        try {
          const response = await fetch(url, { credentials: "same-origin" });
          const reader = response.body.getReader();
          while (!(await reader.read()).done); // read to its end: the cache keeps it
        } catch {
          // the kernel asks for it again itself
        }
      }
    };
    lane();
    lane();
  }
  // shown only if the start takes a moment; gone once the calculator shows
  const shownAt = setTimeout(() => {
    if (!state.done) box.hidden = false;
  }, 300);
  // JupyterLite records its service worker's version only on a visit the worker already
  // controls, and unregisters every worker when it finds none recorded: the next page opened
  // after a first visit would drop the worker that keeps the site for offline use (and, with no
  // network, could not install it again). Once the worker is ready, record the version it was
  // installed with, when none is recorded yet.
  const recordVersion = () => {
    const data = document.getElementById("jupyter-config-data");
    if (!("serviceWorker" in navigator) || !data) return;
    navigator.serviceWorker.ready
      .then((registration) => {
        const version = JSON.parse(data.textContent).appVersion;
        const key = `${registration.active.scriptURL}-version`;
        if (version && localStorage.getItem(key) === null) localStorage.setItem(key, version);
      })
      .catch(() => {});
  };
  const watch = setInterval(() => {
    if (document.querySelector(".calc-ready")) {
      state.done = true;
      box.hidden = true;
      clearTimeout(shownAt);
      clearInterval(watch);
      recordVersion();
    }
  }, 200);
})();
