"""CPU time of the wrapper's per-request reads (wip/adaptC item 2): N ``with_step_cache`` invocations that the
cache answers (a proven linear answer re-served), against a ChatOpenAI on a mock transport (a profiled
class: sampling options, the shared partition) and against a scripted fake chat model (no profile).

Run it under two trees alternately (interleaved A/B) and compare; no threshold anywhere::

    PYTHONPATH=TREE:TREE/tooling python scripts/bench_wrapper_reads.py --n 2000

Prints one JSON line: CPU seconds per model kind and the tree the package was imported from.

Measured 2026-12-06 (AMD EPYC, 2 cores shared, load 13-23), 5 interleaved rounds, N = 2,000, CPU seconds:
main 35e7bdfe openai 12.08 12.87 14.05 13.67 12.30 (median 12.87), scripted 5.17 6.37 6.18 6.53 6.00 (6.18);
wip/adaptC 8b7b0651 openai 6.53 6.06 6.16 5.67 6.12 (median 6.12, -52%), scripted 4.08 4.08 5.22 3.44 3.27
(4.08, -34%). Per request the wrapper now builds and reads llm_string once (main: 5 times), looks for the known
class once (main: 4), reads the call options once (main: 4).
"""

from __future__ import annotations

import argparse
import json
import time


def _openai(engine):
    import httpx
    from langchain_openai import ChatOpenAI

    def handler(request):
        message = {"role": "assistant", "content": "3x = 15\nx = 5"}
        return httpx.Response(200, json={"id": "x", "object": "chat.completion", "created": 1, "model": "m",
                                         "choices": [{"index": 0, "message": message, "finish_reason": "stop"}],
                                         "usage": {"prompt_tokens": 10, "completion_tokens": 10, "total_tokens": 20}})

    return ChatOpenAI(model="m", api_key="k", base_url="http://fake/v1", max_retries=0, temperature=0.3,
                      http_client=httpx.Client(transport=httpx.MockTransport(handler)))


def _scripted(engine):
    from tests.unit.test_langchain_fakes import scripted

    return scripted(*(["3x = 15\nx = 5"] * 4))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--n", type=int, default=2000, help="invocations per model kind (default 2000)")
    args = parser.parse_args()
    import stepcache_integrations
    from stepcache_integrations import StepCache
    from stepcache_integrations.langchain import with_step_cache

    out = {"tree": stepcache_integrations.__file__.rsplit("/stepcache_integrations/", 1)[0], "n": args.n}
    for name, make in (("openai", _openai), ("scripted", _scripted)):
        engine = StepCache()
        wrapper = with_step_cache(make(engine), engine)
        wrapper.invoke("Solve 3x + 5 = 20 for x.")  # the model's answer, stored
        for _ in range(50):  # warm
            wrapper.invoke("Solve 3x + 5 = 20 for x.")
        start = time.process_time()
        for _ in range(args.n):
            wrapper.invoke("Solve 3x + 5 = 20 for x.")
        out[name] = round(time.process_time() - start, 3)
    print(json.dumps(out))


if __name__ == "__main__":
    main()
