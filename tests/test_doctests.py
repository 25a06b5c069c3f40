"""Every module's doctests run with the tests, and collecting them is harmless.

pytest imports every module of the referee package to find its doctests (pyproject.toml: testpaths and
--doctest-modules), so a doctest anywhere in the package runs in CI, not only the rules core's; and importing a
module must do nothing but define it: no app, no file or folder written, no connection, no process.
"""

from __future__ import annotations

import doctest
import importlib
import json
import os
import pkgutil
import subprocess
import sys
from pathlib import Path

import referee

ROOT = Path(__file__).resolve().parent.parent

# Run in a fresh interpreter: imports every module of the package, as --doctest-modules does, watching what the
# imports do through the interpreter's audit hooks; prints what they should not have done, as JSON.
IMPORT_ALL = r"""
import gc, json, os, pkgutil, sys

WRITING = os.O_WRONLY | os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_TRUNC
DOINGS = {"os.mkdir", "os.rename", "os.remove", "os.rmdir", "os.truncate", "os.symlink", "os.link", "shutil.rmtree",
          "socket.connect", "socket.bind", "subprocess.Popen", "os.system", "os.posix_spawn", "os.exec", "os.fork"}
done = []

def watch(event, args):
    if event == "open":
        path, mode, flags = args
        if (mode is not None and any(c in mode for c in "wax+")) or (mode is None and flags & WRITING):
            done.append([event, str(path)])
    elif event in DOINGS:
        done.append([event, repr(args)[:200]])

sys.addaudithook(watch)
import referee
for module in pkgutil.walk_packages(referee.__path__, "referee."):
    __import__(module.name)
from flask import Flask
done += [["a Flask app", repr(app)] for app in gc.get_objects() if isinstance(app, Flask)]
print(json.dumps(done))
"""


def modules_with_examples() -> set[str]:
    """Every doctest of the package with examples, as pytest names them: 'path::dotted.name'."""
    found = set()
    finder = doctest.DocTestFinder()
    for info in pkgutil.walk_packages(referee.__path__, "referee."):
        module = importlib.import_module(info.name)
        path = Path(module.__file__ or "").resolve().relative_to(ROOT).as_posix()
        found |= {f"{path}::{test.name}" for test in finder.find(module) if test.examples}
    return found


def test_every_doctest_of_the_package_is_collected_by_the_tests_own_settings():
    """pytest as CI runs it (the project's testpaths and options, the tests folder left aside) collects every
    docstring example of every module, the services', views' and the app's plumbing's as well as the rules'."""
    done = subprocess.run([sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider",
                           "--ignore-glob=tests/*"], cwd=ROOT, capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    collected = {line for line in done.stdout.splitlines() if line.startswith("referee/")}
    expected = modules_with_examples()
    assert {"referee/skill.py::referee.skill", "referee/config.py::referee.config.sqlalchemy_url",
            "referee/services/stats.py::referee.services.stats.streaks"} <= expected
    assert collected == expected


def test_importing_every_module_makes_no_app_and_touches_nothing(tmp_path):
    """A fresh interpreter imports the whole package (from an empty folder, bytecode not written): nothing
    is written, no folder made, no connection or process started, no app built."""
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-c", IMPORT_ALL], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == []
    assert list(tmp_path.iterdir()) == []
