"""Prompt-edit fuzzer: the project's soundness judge for StepCache, built on the public API only.

Nothing here imports the engine's internals: the oracle (math and JSON templates, an exact
rational solver), the echo model, the edits and the judge are written independently of
``stepcache_integrations.core``, so a bug shared by the engine and its tests cannot hide.
"""
