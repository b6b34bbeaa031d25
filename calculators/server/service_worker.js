// The desk's service worker: keeps the content-hashed front-end files a page loaded, so that the
// next page of the desk takes them from this browser instead of asking the server.
//
// Registered by the page template once the calculator is shown, as
// "<base>voila/desk-sw.js?build=<front-end fingerprint>&list=<digest>". The page has put the
// list of its front-end addresses into the cache "desk-lists" under "<scope>desk-sw-list/<digest>".
// On install the worker copies every listed file served as immutable (Cache-Control) into
// "desk-static-<build>": the files come from the browser's HTTP cache, and the browser keeps
// their compiled code with them, which the next page runs without compiling again.
// Pages (navigations), the kernel's API and websockets are never answered here.
"use strict";

const params = new URL(self.location.href).searchParams;
const CACHE = `desk-static-${params.get("build") || "0"}`;
const LIST = params.get("list") || "";
const LISTS = "desk-lists";
const FRONT_END = /^(static|labextensions|templates)\//;

async function keepListed() {
  const lists = await caches.open(LISTS);
  const listed = await lists.match(`${self.registration.scope}desk-sw-list/${LIST}`);
  const addresses = listed ? await listed.json() : [];
  const cache = await caches.open(CACHE);
  await Promise.all(
    addresses.map(async (address) => {
      try {
        if (await cache.match(address)) return;
        const response = await fetch(address);
        if (immutable(response)) await cache.put(address, response);
      } catch (error) {
        // a file that cannot be kept is fetched as usual
      }
    }),
  );
}

self.addEventListener("install", (event) => {
  event.waitUntil(keepListed().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith("desk-static-") && name !== CACHE) await caches.delete(name);
      }
      await caches.delete(LISTS);
      await self.clients.claim();
    })(),
  );
});

function frontEndFile(request) {
  if (request.method !== "GET" || request.mode === "navigate") return false;
  const scope = self.registration.scope;
  return request.url.startsWith(scope) && FRONT_END.test(request.url.slice(scope.length));
}

function immutable(response) {
  return response.ok && /\bimmutable\b/.test(response.headers.get("Cache-Control") || "");
}

// A file no page had loaded when the worker installed (a font a later page shows) is fetched
// and kept from then on.
async function answer(event) {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(event.request);
  if (kept) return kept;
  const response = await fetch(event.request);
  if (immutable(response)) event.waitUntil(cache.put(event.request, response.clone()));
  return response;
}

self.addEventListener("fetch", (event) => {
  if (frontEndFile(event.request)) event.respondWith(answer(event));
});
