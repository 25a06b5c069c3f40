"""axe-core in the browser tests: the pinned copy (tests/e2e/axe, installed for the tests only by npm ci, no
download addresses in the lock file; the app never loads it) and the serious violations it finds on a page.

The `axe_script` fixture (tests/e2e/conftest.py) installs it once; a lock file keeps parallel test workers from
running npm at the same time in the same folder.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Page

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}


def installed_axe() -> str:
    """The path of the pinned axe-core, installed on first use by whichever test worker comes first."""
    with FileLock(str(AXE_DIR / ".install.lock")):
        if not AXE.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.fail("The accessibility tests need npm to install the pinned axe-core (tests/e2e/axe)")
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=AXE_DIR, check=True, capture_output=True)
    return str(AXE)


def violations(page: Page, axe_script: str) -> list[str]:
    """Serious and critical axe violations on the page, as readable lines."""
    # Evaluated rather than added as a <script>: the page's Content-Security-Policy refuses inline scripts. Once
    # per loaded page: a page checked in both colour schemes has it already.
    page.wait_for_load_state("load")  # colours and sizes as shown, not the bare HTML (phone.sideways says why)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(Path(axe_script).read_text())
    result = page.evaluate(
        "async () => await axe.run(document, {runOnly: {type: 'tag', values: "
        "['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']}, resultTypes: ['violations']})")
    return [f"{v['impact']}: {v['id']} — {v['help']} ({len(v['nodes'])}: "
            f"{', '.join(n['target'][0] for n in v['nodes'][:3])})"
            for v in result["violations"] if v["impact"] in SERIOUS]


SCHEMES = ("light", "dark")


def violations_in_each_scheme(page: Page, axe_script: str) -> list[str]:
    """Serious and critical axe violations on the page in the light and in the dark colour scheme, the one page
    switched between them (Playwright's emulate_media): the themes change colours only, so a test loads its
    pages once rather than once per theme. The page is left in the light scheme."""
    found = []
    for scheme in (*SCHEMES[1:], SCHEMES[0]):
        page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {line}" for line in violations(page, axe_script)]
    return found
