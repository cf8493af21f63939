"""A study's matches on a Ray cluster (``pip install 'spellc[ray]'``): the same jobs as on this machine's cores
(:func:`spellc.engine.core.study.run`), played by Ray's workers, with the same results match for match, since a
match depends on its job alone.

Jobs go out in batches (one task per :data:`BATCH` matches: a task costs Ray about a millisecond, a match tens of
them) and come back as each batch ends. The match setup, the ruleset's knowledge and the pairings are put in
Ray's object store once: a setup carries what it plays with (a project's cards, as read when the study began),
so a worker reads no file of the project.

Without an address, a Ray instance of this machine is started for the study (``num_cpus``: the workers asked
for), even where a cluster runs on this machine already, and stopped after it; with one (``HOST:6379``,
``ray://host:10001``, or ``auto`` on a cluster's node), the cluster there is joined, and left as it was.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Iterator, Sequence

import ray

from spellc.engine.core.match import Match
from spellc.engine.core.players import Knowledge
from spellc.engine.core.study import BackendError, Job, Pairing, Played, play_job

BATCH = 16
REACH_SECONDS = 10  # how long a cluster's address may take to answer before it is said to be unreachable


def run(setup: Callable[..., Match], knowledge: Knowledge, pairings: Sequence[Pairing], todo: Sequence[Job],
        address: str | None = None, cpus: int | None = None) -> Iterator[Played]:
    """Play ``todo`` on Ray, yielding each match as its batch ends; a BackendError when the cluster cannot be
    reached or fails during the study (the matches yielded until then are played)."""
    where = f"the Ray cluster at {address}" if address else "a Ray instance of this machine"
    _reachable(address, where)
    try:
        # "local": a new instance, even where `ray start` left a cluster on this machine (Ray would join it)
        ray.init(address=address or "local", num_cpus=cpus if address is None else None, include_dashboard=False,
                 log_to_driver=False, logging_level=logging.ERROR)
    except (ConnectionError, RuntimeError, ValueError) as error:  # no cluster there, or no address it reads
        raise BackendError(f"cannot start or join {where}: {_first_line(error)}") from error
    try:
        shared = ray.put((setup, knowledge, tuple(pairings)))
        pending = [_play_batch.remote(shared, list(todo[i:i + BATCH])) for i in range(0, len(todo), BATCH)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield from ray.get(done[0])
    except ray.exceptions.RayError as error:  # a node lost, a worker killed
        raise BackendError(f"{where} failed during the study: {_first_line(error)}") from error
    finally:
        ray.shutdown()


def _reachable(address: str | None, where: str) -> None:
    """A BackendError at once when ``address`` names a host and port that takes no connection: Ray itself retries
    such an address for minutes before it gives up."""
    host, _, port = (address or "").removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():  # none, "auto", "local": Ray finds the cluster itself
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=REACH_SECONDS).close()
    except OSError as error:
        raise BackendError(f"cannot join {where}: nothing answers there ({error.strerror or error}); start it "
                           f"with `ray start --head` on that machine, or check the address") from error


def _first_line(error: Exception) -> str:
    """An error's first line: Ray's messages run on with advice for its own command line."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


@ray.remote
def _play_batch(shared: tuple[Callable[..., Match], Knowledge, tuple[Pairing, ...]], batch: list[Job]
                ) -> list[Played]:
    setup, knowledge, pairings = shared
    return [play_job(setup, knowledge, pairings, job) for job in batch]
