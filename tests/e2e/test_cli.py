"""The archive subcommands as a shell user runs them: pipes closed early, paths that look
like flags."""

from __future__ import annotations

import os
import subprocess

from conftest import KIWIX, WITHNS, binary


def test_a_closed_pipe_ends_the_output_quietly():
    # `zim-mcp suggest ... | head -1` once head has gone: the pipe's reading end is closed
    # before the command writes, so its first write fails. It must exit 0, without a panic.
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [binary(), "suggest", str(KIWIX / "zimfile.zim"), "R", "--limit", "20"],
            stdout=write_end,
            stderr=subprocess.PIPE,
            timeout=30,
        )
    finally:
        os.close(write_end)
    assert done.returncode == 0, done.stderr.decode()
    assert b"panicked" not in done.stderr, done.stderr.decode()


def test_paths_beginning_with_a_dash_are_paths():
    # Every old-scheme asset lives under `-/`; it is a path, not a flag, even when it reads
    # like one (`-favicon` alone would be a cluster of short flags).
    done = subprocess.run(
        [binary(), "search", str(KIWIX / "zimfile.zim"), "-charles", "--limit", "1"],
        capture_output=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr.decode()
    done = subprocess.run(
        [binary(), "cat", str(WITHNS / "small.zim"), "-/favicon", "--no-follow"],
        capture_output=True,
        timeout=30,
    )
    assert done.returncode == 0, done.stderr.decode()
    assert done.stdout.decode().strip() == "redirect -> I/favicon.png"
