"""A real Redis Cluster for tests: three masters and three replicas, from the embedded binary.

The nodes are plain ``redis-server`` processes with ``--cluster-enabled yes``; the cluster is
formed with CLUSTER ADDSLOTS, MEET and REPLICATE, so no ``redis-cli`` is needed.
"""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import redis

from services.adapters.embedded import redis_executable

SLOTS = 16384


@dataclass
class Node:
    port: int
    proc: subprocess.Popen[bytes]

    def client(self) -> redis.Redis:
        return redis.Redis(port=self.port, socket_timeout=5)

    def node_id(self) -> str:
        return str(self.client().execute_command("CLUSTER", "MYID").decode())

    def serves(self, slot: int) -> bool:
        """Whether this node holds ``slot`` (its own line of CLUSTER NODES lists its ranges)."""
        nodes = self.client().execute_command("CLUSTER", "NODES").decode().splitlines()
        mine = next(line for line in nodes if "myself" in line).split()
        for part in mine[8:]:
            first, _, last = part.partition("-")
            if first.isdigit() and int(first) <= slot <= int(last or first):
                return True
        return False

    def role(self) -> str:
        return str(self.client().info("replication")["role"])


@dataclass
class Cluster:
    nodes: list[Node]

    @property
    def url(self) -> str:
        return f"redis-cluster://127.0.0.1:{self.nodes[0].port}/0"

    def masters(self) -> list[Node]:
        return [n for n in self.nodes if n.proc.poll() is None and n.role() == "master"]

    def replica_of(self, master: Node) -> Node:
        wanted = master.node_id()
        for node in self.nodes:
            if node.proc.poll() is None and node.role() == "slave":
                info = node.client().execute_command("CLUSTER", "NODES").decode()
                mine = next(line for line in info.splitlines() if "myself" in line)
                if mine.split()[3] == wanted:
                    return node
        raise AssertionError(f"no replica of {master.port}")

    def wait_ok(self, timeout: float = 30.0) -> None:
        """Until every live node says the cluster is ok and all slots are served."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            infos = [n.client().execute_command("CLUSTER", "INFO").decode()
                     for n in self.nodes if n.proc.poll() is None]
            if all("cluster_state:ok" in i and f"cluster_slots_ok:{SLOTS}" in i for i in infos):
                return
            time.sleep(0.1)
        raise AssertionError("the Redis Cluster did not become ok")


def free_cluster_ports(count: int = 6) -> list[int]:
    """Ports free for a node and for its cluster bus (the port + 10000)."""
    found: list[int] = []
    while len(found) < count:
        with socket.socket() as sock:
            sock.bind(("127.0.0.1", 0))
            port = int(sock.getsockname()[1])
        if port + 10000 > 65535 or port in found:
            continue
        with socket.socket() as bus:
            try:
                bus.bind(("127.0.0.1", port + 10000))
            except OSError:
                continue
        found.append(port)
    return found


def _start_node(folder: Path, port: int) -> Node:
    """A cluster node on ``port``, or on another free port when that one was taken meanwhile
    (the ports are chosen before the servers bind them, and other processes share the machine)."""
    for _attempt in range(5):
        node_dir = folder / str(port)
        node_dir.mkdir(parents=True, exist_ok=True)
        proc = subprocess.Popen(
            [redis_executable(), "--port", str(port), "--bind", "127.0.0.1", "--dir", str(node_dir),
             "--cluster-enabled", "yes", "--cluster-config-file", "nodes.conf",
             "--cluster-node-timeout", "1000", "--appendonly", "no", "--save", "",
             "--logfile", str(node_dir / "redis.log")],
            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
        node = Node(port, proc)
        deadline = time.monotonic() + 30
        while proc.poll() is None:
            try:
                node.client().ping()
                return node
            except redis.ConnectionError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.05)
        port = free_cluster_ports(1)[0]  # it exited: most likely its port or bus port was taken
    raise AssertionError("no Redis Cluster node could start in 5 attempts")


@contextmanager
def redis_cluster(folder: Path, ports: list[int]) -> Iterator[Cluster]:
    """Six nodes on ``ports``: the first three masters with a third of the slots each."""
    assert len(ports) == 6
    nodes = [_start_node(folder, port) for port in ports]
    cluster = Cluster(nodes)
    try:
        masters, replicas = nodes[:3], nodes[3:]
        bounds = [0, SLOTS // 3, 2 * SLOTS // 3, SLOTS]
        for i, master in enumerate(masters):
            master.client().execute_command("CLUSTER", "ADDSLOTS", *range(bounds[i], bounds[i + 1]))
        for node in nodes[1:]:
            node.client().execute_command("CLUSTER", "MEET", "127.0.0.1", str(nodes[0].port))
        deadline = time.monotonic() + 20
        while any(len(n.client().execute_command("CLUSTER", "NODES").decode().splitlines()) < 6
                  for n in nodes):
            assert time.monotonic() < deadline, "nodes did not meet"
            time.sleep(0.05)
        for master, replica in zip(masters, replicas, strict=True):
            master_id = master.node_id()
            while True:  # the replica must know the master's id before it can follow it
                try:
                    replica.client().execute_command("CLUSTER", "REPLICATE", master_id)
                    break
                except redis.ResponseError:
                    assert time.monotonic() < deadline, "replica could not follow its master"
                    time.sleep(0.05)
        cluster.wait_ok()
        yield cluster
    finally:
        for node in nodes:
            if node.proc.poll() is None:
                node.proc.send_signal(signal.SIGTERM)
        for node in nodes:
            try:
                node.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                node.proc.kill()
