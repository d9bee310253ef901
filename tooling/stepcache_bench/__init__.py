"""stepcache-bench: the tooling around the StepCache library, kept out of the library itself.

* :mod:`stepcache_bench.bench`: the benchmark (``stepcache bench``), StepCache side by side
  with no cache, exact-match and semantic caches on a real model.
* :mod:`stepcache_bench.serving`: a local llama.cpp + SmolLM2-135M-Instruct server behind an
  OpenAI-compatible endpoint (``stepcache serve-local`` / ``stop-local``) and its clients.
* :mod:`stepcache_bench.demo`: every cache outcome on example prompts with a scripted model
  (``stepcache demo``).

The commands run as ``stepcache-bench COMMAND`` (:mod:`stepcache_bench.cli`) and, through the
``stepcache.commands`` entry-point group, as ``stepcache COMMAND``. This package imports the
library (``stepcache_integrations``); the library never imports it.
"""

__version__ = "0.1.0"
