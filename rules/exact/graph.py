"""Graphs of integer nodes: strongly connected components and a topological order."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

__all__ = ["strong_components", "topological_order"]


def strong_components(n: int, edges: Callable[[int], Sequence[int]]) -> list[list[int]]:
    """Tarjan's algorithm (iterative); components come out in topological order of the DAG."""
    index = [-1] * n
    low = [0] * n
    on_stack = [False] * n
    stack: list[int] = []
    out: list[list[int]] = []
    counter = 0
    for root in range(n):
        if index[root] >= 0:
            continue
        work: list[tuple[int, int]] = [(root, 0)]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack[root] = True
        while work:
            v, k = work[-1]
            nbrs = edges(v)
            if k < len(nbrs):
                work[-1] = (v, k + 1)
                w = nbrs[k]
                if index[w] < 0:
                    index[w] = low[w] = counter
                    counter += 1
                    stack.append(w)
                    on_stack[w] = True
                    work.append((w, 0))
                elif on_stack[w]:
                    low[v] = min(low[v], index[w])
            else:
                work.pop()
                if work:
                    u = work[-1][0]
                    low[u] = min(low[u], low[v])
                if low[v] == index[v]:
                    comp = []
                    while True:
                        w = stack.pop()
                        on_stack[w] = False
                        comp.append(w)
                        if w == v:
                            break
                    out.append(comp)
    out.reverse()
    return out


def topological_order(
    nodes: Sequence[int], predecessors: Callable[[int], Iterable[int]]
) -> list[int] | None:
    """``nodes`` in an order where each comes after its predecessors among them, or None if
    they contain a cycle."""
    among = set(nodes)
    before = {v: [u for u in predecessors(v) if u in among] for v in nodes}
    waiting = {v: len(us) for v, us in before.items()}
    succ: dict[int, list[int]] = {v: [] for v in nodes}
    for v in nodes:
        for u in before[v]:
            succ[u].append(v)
    ready = sorted(v for v, k in waiting.items() if k == 0)
    out: list[int] = []
    while ready:
        u = ready.pop()
        out.append(u)
        for v in succ[u]:
            waiting[v] -= 1
            if waiting[v] == 0:
                ready.append(v)
    return out if len(out) == len(nodes) else None
