"""What the tests share beyond fixtures: starting servers (also used by ``benchmarks/``), the tier
folders' markers, scenarios, and a kernel launcher that dies on purpose."""
