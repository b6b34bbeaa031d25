"""Preheated kernel pools that fill one kernel at a time, visited pages first.

Voila's own pools start every missing kernel at once: after a start, 13 kernels compete for
two cores and the first visitors wait for all of them. Here one filler task starts one kernel,
waits until it has run its notebook, then starts the next, for the page most in need:

1. pages visited since the start, before pages nobody asked for;
2. among those, the page with the fewest kernels ready, then the most recently visited.

A visitor whose page has no kernel in its pool is served from a kernel started for them (as
Voila does without pools), so a start serves at once. Kernels start at most two per core at a
time (more only share the cores among more pages and delay every one of them);
visitors take a free start slot before the filler does, so refills never delay a visitor.

A page that lost its calculator is no page either: Voila stops waiting for a cell's output after
``VoilaExecutor.iopub_timeout`` (120 s in ``voila.json``; a busy machine was seen to pass 30 s)
and goes on without it. A pooled kernel whose page shows no widget once ready is dropped and
replaced like a dead one, so no visitor is given it. So is a pooled kernel whose page ran to
its end before a visitor came: it gave up waiting for its visitor's address
(``calculators.server.page_kernel.page_request``) and would ignore the link the visitor opened.

No kernel starts past the memory ceiling (:mod:`calculators.server.lifetimes`): a visitor
whose page has no kernel ready is then asked to come back (``ServerBusy``), and the filler waits
while a refill would leave no room for a start slot's worth of visitors. A kernel given to a
visitor is shut down once its visitor is gone (the graces of ``lifetimes``).

A kernel that dies (at start, while running its notebook, or idle in a pool) is dropped and
shut down, and the filler starts a replacement; after repeated failures it waits longer
between attempts (1 s, 2 s, 4 s ... at most 30 s), so a broken kernel does not spin.

Kernels stay dead once dead (``kernels``: no automatic restart), so ``is_alive()`` tells the
truth, and three checks use it:

- a watcher looks at every kernel each ``SWEEP_S`` seconds and shuts down the dead ones (the
  pools then refill), so a kernel killed while it waits in its pool is gone before a visitor
  comes, and a visitor's kernel that died does not linger until it is culled;
- a visitor is never given a pooled kernel whose process is gone: the next one is taken, or a
  kernel is started for them;
- a page is checked once rendered: Voila turns a kernel's death during a cell into an error
  output and carries on, so a page could come out whole from a dead kernel, with widgets that
  answer nothing. A pooled kernel that died under its page raises :class:`PooledKernelDied`,
  and the page is rendered once more from another kernel (``app``); a kernel started for the
  visitor raises :class:`KernelStartFailed`, and the visitor is asked to try again.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

from voila.request_info_handler import RequestInfoSocketHandler
from voila.utils import ENV_VARIABLE
from voila.voila_kernel_manager import voila_kernel_manager_factory

from calculators.server.activity import ActivityWatch
from calculators.server.kernels import ManySockets
from calculators.server.lifetimes import VisitorKernels
from calculators.server.sizing import configured_size, machine, pool_sizes

MAX_BACKOFF_S = 30.0
READY_TIMEOUT_S = 180.0
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
SWEEP_S = 2.0  # how often every kernel is checked for death
STARTS_PER_CORE = 2  # pages starting a kernel at once, per core (``start_slots``)


class KernelStartFailed(RuntimeError):
    """The kernel for a page died or could not be reached before its page was rendered."""


class PooledKernelDied(KernelStartFailed):
    """A kernel taken from a pool died under its page: another kernel may render the page."""


def desk_kernel_manager_factory(
    base_class: type[Any],
    preheat_kernel: bool,
    default_pool_size: int,
    page_config_hook: Callable[..., Any] | None = None,
) -> type[Any]:
    """Voila's kernel manager class, with the pools of this module when preheating is on."""
    voila_class: type[Any] = voila_kernel_manager_factory(
        base_class, preheat_kernel, default_pool_size, page_config_hook
    )
    if not preheat_kernel:
        mixins = (ManySockets, ActivityWatch, VisitorKernels, voila_class)
        return type("DeskKernelManager", mixins, {})

    class DeskKernelPools(ManySockets, ActivityWatch, VisitorKernels, voila_class):  # type: ignore[misc]
        def __init__(self, **kwargs: Any) -> None:
            # Voila's __init__ asks to fill every pool: these must exist before it runs.
            self._wants: dict[str, dict[str, Any]] = {}
            self._visits: dict[str, float] = {}
            self._wake: asyncio.Event | None = None
            self._filler: asyncio.Task[None] | None = None
            self._watcher: asyncio.Task[None] | None = None
            self._visitors_waiting = 0
            self._starts = 0  # kernels starting or running their notebook now
            self._slot_freed: asyncio.Condition | None = None
            self._failures = 0
            self._auto_sizes: dict[str, int] | None = None
            self._pools_held = False  # the filler waits for memory (``lifetimes``)
            super().__init__(**kwargs)

        # -- what the handler asks -------------------------------------------------------
        def get_pool_size(self, notebook_name: str) -> int:
            """Called once per page request: remember the visit; never 0 for a known page.

            A positive size makes Voila's handler take a kernel through
            :meth:`get_rendered_notebook`, which starts one at once when the pool is empty.
            """
            self._visits[notebook_name] = time.monotonic()
            self._wake_filler()
            if notebook_name in self._wants:
                return max(1, len(self._pools.get(notebook_name, ())))
            return len(self._pools.get(notebook_name, ()))

        async def get_rendered_notebook(
            self,
            notebook_name: str,
            extra_kernel_env_variables: dict[str, str] | None = None,
            **kwargs: Any,
        ) -> tuple[asyncio.Task[Any], list[str], str]:
            extra = dict(extra_kernel_env_variables or {})
            pool = self._pools.setdefault(notebook_name, [])
            while pool and not await self._usable(pool[0]):
                self._discard(pool.pop(0))
            if pool:
                taken: tuple[
                    asyncio.Task[Any], list[str], str
                ] = await super().get_rendered_notebook(notebook_name, extra, **kwargs)
                pooled_render, cache, pooled_id = taken
                self.kernel_given(pooled_id)
                checked = asyncio.get_event_loop().create_task(
                    self._alive_after(pooled_render, pooled_id, PooledKernelDied)
                )
                return checked, cache, pooled_id
            # Nothing in the pool: start a kernel for this visitor, first in line.
            wants = self._wants.get(notebook_name)
            start_kwargs = dict(wants) if wants else self._start_kwargs(notebook_name, {})
            start_kwargs["env"] = {**start_kwargs.get("env", {}), **extra}
            self._visitors_waiting += 1
            try:
                await self._take_slot(visitor=True)
            finally:
                self._visitors_waiting -= 1
            try:
                self.admit(notebook_name)  # ServerBusy past the memory ceiling
                content = await self._initialize(notebook_name, None, **start_kwargs)
            except BaseException:
                await self._free_slot()
                raise
            renderer = content["renderer"]
            renderer.stop_generator = True
            kernel_id = content["kernel_id"]
            self.kernel_given(kernel_id)
            self.log.info("Kernel %s started for a visitor of %s", kernel_id, notebook_name)
            self.fill_if_needed(notebook_name=notebook_name)
            # the slot is free once the page is rendered (or failed)
            alive = self._alive_after(content["task"], kernel_id, KernelStartFailed)
            render = asyncio.get_event_loop().create_task(self._holding_slot(alive))
            return render, renderer.rendered_cache, kernel_id

        async def _alive_after(
            self, render: Awaitable[Any], kernel_id: str, died: type[KernelStartFailed]
        ) -> tuple[list[str], AsyncIterator[Any]]:
            """Voila's rendering of a page, which fails with ``died`` if the kernel is dead
            once the first cells are rendered, or once the rest is.

            A pooled kernel whose page fails before anything is sent fails with ``died``
            even while its process lives (a kernel that cannot be reached, one about to die):
            nothing was sent, so another kernel can still render the page.
            """
            try:
                rendered, rest = await render
            except Exception as error:
                pooled = issubclass(died, PooledKernelDied)
                if not pooled and await self._kernel_alive(kernel_id):
                    raise
                raise died(f"the kernel failed under its page ({error})") from error
            await self._unless_dead(kernel_id, died)

            async def rest_then_check() -> AsyncIterator[Any]:
                async for item in rest:
                    yield item
                await self._unless_dead(kernel_id, died)

            return rendered, rest_then_check()

        async def _unless_dead(self, kernel_id: str, died: type[KernelStartFailed]) -> None:
            if await self._kernel_alive(kernel_id):
                return
            self.log.warning("Kernel %s died under its page; it is shut down", kernel_id)
            await self._shutdown_quietly(kernel_id)
            self._wake_filler()
            raise died("the kernel died under its page")

        async def _holding_slot(
            self, render: Awaitable[tuple[list[str], AsyncIterator[Any]]]
        ) -> tuple[list[str], AsyncIterator[Any]]:
            """Voila's rendering of a page, which frees a start slot when it ends."""
            try:
                rendered, rest = await render
            except BaseException:
                await self._free_slot()
                raise

            async def rest_then_free() -> AsyncIterator[Any]:
                try:
                    async for item in rest:
                        yield item
                finally:
                    await self._free_slot()

            return rendered, rest_then_free()

        # -- start slots: how many kernels start at once ------------------------------------
        def start_slots(self) -> int:
            """Pages that may start a kernel at once: ``STARTS_PER_CORE`` per core.

            A start slot is held from the kernel's start until its page is rendered, which
            also waits for messages between the kernel and the server; with kernels forked
            from the nursery a start takes a fraction of a core, so two per core keep the
            cores busy (one per core left them half idle in a burst).
            """
            return max(1, STARTS_PER_CORE * len(os.sched_getaffinity(0)))

        async def _take_slot(self, visitor: bool) -> None:
            """Wait for a free start slot; the filler also waits while visitors wait."""
            if self._slot_freed is None:
                self._slot_freed = asyncio.Condition()
            async with self._slot_freed:
                await self._slot_freed.wait_for(
                    lambda: (
                        self._starts < self.start_slots()
                        and (visitor or not self._visitors_waiting)
                    )
                )
                self._starts += 1

        async def _free_slot(self) -> None:
            assert self._slot_freed is not None
            async with self._slot_freed:
                self._starts -= 1
                self._slot_freed.notify_all()

        # -- filling ---------------------------------------------------------------------
        def fill_if_needed(
            self,
            delay: float | None = None,
            notebook_name: str | None = None,
            extra_kernel_env_variables: dict[str, str] | None = None,
            **kwargs: Any,
        ) -> None:
            """Note that ``notebook_name`` wants a full pool; the filler does the rest."""
            if notebook_name is None:
                return
            self._wants[notebook_name] = self._start_kwargs(
                notebook_name, dict(extra_kernel_env_variables or {}), **kwargs
            )
            self._pools.setdefault(notebook_name, [])
            if self._filler is None:
                loop = asyncio.get_event_loop()
                self._wake = asyncio.Event()
                self._filler = loop.create_task(self._fill())
                self._watcher = loop.create_task(self._watch())
            self._wake_filler()

        def pool_target(self, notebook_name: str) -> int:
            """The configured ``pool_size``, or else the size from the machine (``sizing``)."""
            size = configured_size(self.kernel_pools_config, notebook_name)
            if size is not None:
                return size
            if self._auto_sizes is None or notebook_name not in self._auto_sizes:
                cores, available_mb = machine()
                self._auto_sizes = pool_sizes(sorted(self._wants), cores, available_mb)
                self.log.info("Kernel pools sized from the machine: %s", self._auto_sizes)
            return self._auto_sizes.get(notebook_name, 0)

        def pool_state(self) -> dict[str, dict[str, int]]:
            """For each page: kernels ready in its pool, kernels starting, and the target."""
            state = {}
            for name in sorted(self._wants):
                pool = self._pools.get(name, [])
                ready = sum(1 for task in pool if _rendered(task))
                state[name] = {
                    "ready": ready,
                    "starting": len(pool) - ready,
                    "target": self.pool_target(name),
                }
            return state

        def _start_kwargs(
            self, notebook_name: str, extra_env: dict[str, str], **kwargs: Any
        ) -> dict[str, Any]:
            """The arguments Voila's own pools start a kernel with (environment, folder)."""
            default: dict[str, Any] = self.kernel_pools_config.get("default", {})
            config: dict[str, Any] = self.kernel_pools_config.get(notebook_name, default)
            variables = config.get("kernel_env_variables", default.get("kernel_env_variables", {}))
            kwargs.setdefault("path", os.path.dirname(notebook_name))
            env = {**os.environ, **kwargs.get("env", {})}
            for key, value in variables.items():
                env.setdefault(key, value)
            env.update(extra_env)
            app: Any = self.parent  # the Voila application
            env[ENV_VARIABLE.VOILA_BASE_URL] = app.base_url
            env[ENV_VARIABLE.VOILA_SERVER_URL] = app.server_url
            env[ENV_VARIABLE.VOILA_APP_PORT] = str(app.port)
            env[ENV_VARIABLE.VOILA_PREHEAT] = "True"
            kwargs["env"] = env
            return kwargs

        def _wake_filler(self) -> None:
            if self._wake is not None:
                self._wake.set()

        def _most_wanted(self) -> str | None:
            needing = [
                name
                for name in self._wants
                if len(self._pools.get(name, ())) < self.pool_target(name)
            ]
            if not needing:
                return None
            return min(
                needing,
                key=lambda name: (
                    name not in self._visits,
                    len(self._pools.get(name, ())),
                    -self._visits.get(name, 0.0),
                    name,
                ),
            )

        async def _fill(self) -> None:
            assert self._wake is not None
            while True:
                name = self._most_wanted()
                if name is None:
                    self._wake.clear()
                    await self._wake.wait()
                    continue
                await self._take_slot(visitor=False)
                refused = None
                try:
                    name = self._most_wanted()  # visits while waiting may change the order
                    # a refill leaves room for a start slot's worth of visitors
                    if name is not None:
                        refused = self.refusal(keep=self.start_slots())
                    if name is not None and refused is None:
                        await self._fill_one(name)
                finally:
                    await self._free_slot()
                if refused is not None:
                    if not self._pools_held:
                        self.log.warning("The pools wait for memory: %s", refused)
                    self._pools_held = True
                    await asyncio.sleep(SWEEP_S)
                else:
                    self._pools_held = False

        async def _fill_one(self, name: str) -> None:
            pool = self._pools.setdefault(name, [])
            task = asyncio.get_event_loop().create_task(
                self._initialize(name, None, **self._wants[name])
            )
            pool.append(task)
            try:
                content = await task
                await self._until_ready(content)
            except Exception as error:
                self._failures += 1
                backoff = min(MAX_BACKOFF_S, 2.0 ** (self._failures - 1))
                self.log.warning(
                    "A kernel for %s failed (%s: %s); replacing it in %.0f s",
                    name,
                    type(error).__name__,
                    error,
                    backoff,
                )
                if task in pool:
                    pool.remove(task)
                self._discard(task)
                await asyncio.sleep(backoff)
                return
            self._failures = 0
            if len(pool) >= self.pool_target(name):
                self.log.info("Kernel pool of %s is filled with %s kernel(s)", name, len(pool))

        async def _watch(self) -> None:
            """:meth:`_sweep` every ``SWEEP_S`` seconds; the filler then refills the pools."""
            while True:
                await asyncio.sleep(SWEEP_S)
                try:
                    await self._sweep()
                except Exception:  # the watcher must outlive any one bad kernel
                    self.log.exception("Checking the kernels failed")

        async def _sweep(self) -> None:
            """Shut down the kernels whose process ended; drop the pool items that failed."""
            for kernel_id in self.list_kernel_ids():
                if kernel_id not in self or kernel_id in self._pending_kernels:
                    continue  # gone, or being started or shut down
                if not await self._kernel_alive(kernel_id):
                    # Voila's shutdown_kernel also takes it out of its pool
                    self.log.warning("Kernel %s died; it is shut down", kernel_id)
                    await self._shutdown_quietly(kernel_id)
                    if kernel_id in self and kernel_id not in self._pending_kernels:
                        self.remove_kernel(kernel_id)  # its shutdown failed: forget it
                    self._wake_filler()
            for name, pool in list(self._pools.items()):
                for task in list(pool):
                    if not task.done() or task not in pool or await self._usable(task):
                        continue
                    pool.remove(task)
                    self.log.warning("A kernel in the pool of %s failed", name)
                    self._discard(task)

        async def _until_ready(self, content: dict[str, Any]) -> None:
            """Wait until the kernel has run its notebook up to waiting for a visitor."""
            render: asyncio.Task[Any] = content["task"]
            deadline = time.monotonic() + READY_TIMEOUT_S
            while not _ready(content):
                if not await self._kernel_alive(content["kernel_id"]):
                    raise KernelStartFailed("the kernel died while running its notebook")
                if time.monotonic() > deadline:
                    render.cancel()
                    raise KernelStartFailed(f"not ready after {READY_TIMEOUT_S:.0f} s")
                await asyncio.sleep(0.1)
            if render.done():
                render.result()  # raises what made the rendering fail
            if not _whole(content):
                render.cancel()
                raise KernelStartFailed("its page came out without the calculator's widget")
            if not _waiting(content):
                raise KernelStartFailed("its page ended without waiting for a visitor")

        # -- kernels that die ------------------------------------------------------------
        async def _initialize(
            self, notebook_path: str, kernel_id: str | None = None, **kwargs: Any
        ) -> dict[str, Any]:
            with self.launching():
                content: dict[str, Any] = await super()._initialize(
                    notebook_path, kernel_id, **kwargs
                )
            started = content["kernel_id"]

            def _ended(render: asyncio.Task[Any]) -> None:
                if render.cancelled() or render.exception() is not None:
                    asyncio.get_event_loop().create_task(self._shutdown_quietly(started))
                    self._wake_filler()

            content["task"].add_done_callback(_ended)
            return content

        async def _kernel_alive(self, kernel_id: str) -> bool:
            if kernel_id not in self:
                return False
            alive: bool = await self.get_kernel(kernel_id).is_alive()
            return alive

        async def _usable(self, task: asyncio.Task[Any]) -> bool:
            """A pooled kernel may be taken unless it failed or its process is gone."""
            if not task.done():
                return True  # still starting: the visitor waits for it (or for its failure)
            if task.cancelled() or task.exception() is not None:
                return False
            content = task.result()
            render = content["task"]
            if render.done() and (render.cancelled() or render.exception() is not None):
                return False
            if _ready(content) and not (_whole(content) and _waiting(content)):
                return False  # its page lost the widget's output, or cannot learn its address
            return await self._kernel_alive(content["kernel_id"])

        def _discard(self, task: asyncio.Task[Any]) -> None:
            """Shut down the kernel of a failed pool item (if it got one)."""
            if not task.done() or task.cancelled() or task.exception() is not None:
                return
            kernel_id = task.result()["kernel_id"]
            asyncio.get_event_loop().create_task(self._shutdown_quietly(kernel_id))
            self._wake_filler()

        async def _shutdown_quietly(self, kernel_id: str) -> None:
            if kernel_id not in self:
                return
            self.log.info("Shutting down the failed kernel %s", kernel_id)
            with contextlib.suppress(Exception):
                await self.shutdown_kernel(kernel_id, now=True)

        async def shutdown_all(self, *args: Any, **kwargs: Any) -> None:
            for task in (self._filler, self._watcher):
                if task is not None:
                    task.cancel()
                    with contextlib.suppress(BaseException):
                        await task
            await super().shutdown_all(*args, **kwargs)

    return DeskKernelPools


def _ready(content: dict[str, Any]) -> bool:
    """The kernel has run its notebook, or waits for a visitor's request (preheated pages)."""
    return bool(content["task"].done() or content["kernel_id"] in RequestInfoSocketHandler._waiters)


def _whole(content: dict[str, Any]) -> bool:
    """The page rendered so far shows a widget (or was taken by a visitor before it did).

    Every page of the desk displays its calculator in its first cell, before it waits for the
    visitor's address, so a ready page without a widget view lost its output: Voila skips the
    rest of a cell whose output has not arrived within ``VoilaExecutor.iopub_timeout``.
    """
    renderer = content["renderer"]
    if renderer.stop_generator:
        return True  # taken by a visitor: the cache stops here, the rest goes to the visitor
    return any(WIDGET_VIEW in snippet for snippet in renderer.rendered_cache)


def _waiting(content: dict[str, Any]) -> bool:
    """The page still waits for its visitor's address (or was taken by a visitor already).

    Every page of the desk waits for its visitor's request in a cell before it applies the
    address; a pooled page whose notebook ran to its end before anyone took it gave up waiting
    (the server did not answer it in time) and would ignore its visitor's link.
    """
    return bool(content["renderer"].stop_generator or not content["task"].done())


def _rendered(task: asyncio.Task[Any]) -> bool:
    """The pool item has a kernel that is ready for a visitor."""
    if not task.done() or task.cancelled() or task.exception() is not None:
        return False
    content = task.result()
    render = content["task"]
    failed = render.done() and (render.cancelled() or render.exception() is not None)
    return _ready(content) and _whole(content) and _waiting(content) and not failed
