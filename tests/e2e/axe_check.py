"""axe-core in the browser tests: the pinned copy (tests/e2e/axe, installed for the tests only by npm ci, no
download addresses in the lock file; the app never loads it) and the violations it finds on a page: WCAG 2.0, 2.1
and 2.2 A and AA, and the best practices of landmarks (every part of a page in one, each of a kind named apart) and
of the skip link. The serious and critical ones by default; every one for the corpus of pages
(tests/e2e/test_every_page.py).

The `axe_script` fixture (tests/e2e/conftest.py) installs it once; a lock file keeps parallel test workers from
running npm at the same time in the same folder.
"""

from __future__ import annotations

import shutil
import subprocess
from collections.abc import Collection
from pathlib import Path

import pytest
from filelock import FileLock
from playwright.sync_api import Page

AXE_DIR = Path(__file__).resolve().parent / "axe"
AXE = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"
SERIOUS = {"serious", "critical"}
EVERY_IMPACT = {"minor", "moderate", *SERIOUS}
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
# Best practices, not WCAG's own criteria, held too: what a screen reader's landmark list shows, and the skip link.
PRACTICES = ["region", "landmark-unique", "landmark-one-main", "landmark-no-duplicate-banner",
             "landmark-no-duplicate-contentinfo", "landmark-no-duplicate-main", "landmark-banner-is-top-level",
             "landmark-contentinfo-is-top-level", "landmark-main-is-top-level", "landmark-complementary-is-top-level",
             "skip-link"]
OPTIONS = {"runOnly": {"type": "tag", "values": TAGS}, "rules": {rule: {"enabled": True} for rule in PRACTICES},
           "resultTypes": ["violations"]}
# axe measures a target where the page is scrolled: one cut by a bar that stays on screen (the entry page's buttons)
# fails WCAG 2.2's target size there though it has its size wherever it is shown whole. Such a target is measured
# again scrolled to the middle of the screen, and kept only if it fails there too.
RUN = """async (options) => {
  const result = await axe.run(document, options);
  for (const violation of result.violations.filter((v) => v.id === "target-size")) {
    const kept = [];
    for (const node of violation.nodes) {
      const target = typeof node.target[0] === "string" ? document.querySelector(node.target[0]) : null;
      if (target) {
        target.scrollIntoView({block: "center"});
        const again = await axe.run(target, {runOnly: {type: "rule", values: ["target-size"]}});
        if (!again.violations.length) continue;
      }
      kept.push(node);
    }
    violation.nodes = kept;
  }
  window.scrollTo(0, 0);
  result.violations = result.violations.filter((v) => v.nodes.length);
  return result;
}"""


def installed_axe() -> str:
    """The path of the pinned axe-core, installed on first use by whichever test worker comes first."""
    with FileLock(str(AXE_DIR / ".install.lock")):
        if not AXE.exists():
            npm = shutil.which("npm")
            if npm is None:
                pytest.fail("The accessibility tests need npm to install the pinned axe-core (tests/e2e/axe)")
            subprocess.run([npm, "ci", "--no-audit", "--no-fund"], cwd=AXE_DIR, check=True, capture_output=True)
    return str(AXE)


# The rules whose outcome hangs on a page's words (names, labels, a target's size as its words wrap): enough for a
# page already checked whole in another language.
WORDED = {"runOnly": {"type": "rule", "values": ["label-content-name-mismatch", "landmark-unique", "target-size",
                                                 "button-name", "link-name", "label", "region"]},
          "resultTypes": ["violations"]}


def violations(page: Page, axe_script: str, impacts: Collection[str] = SERIOUS,
               options: dict[str, object] | None = None) -> list[str]:
    """The axe violations of these impacts on the page (serious and critical unless told), as readable lines;
    under OPTIONS unless told."""
    # Evaluated rather than added as a <script>: the page's Content-Security-Policy refuses inline scripts. Once
    # per loaded page: a page checked in both colour schemes has it already.
    page.wait_for_load_state("load")  # colours and sizes as shown, not the bare HTML (phone.sideways says why)
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.evaluate(Path(axe_script).read_text())
    result = page.evaluate(RUN, options or OPTIONS)
    return [f"{v['impact']}: {v['id']} — {v['help']} ({len(v['nodes'])}: "
            f"{', '.join(str(n['target'][0]) for n in v['nodes'][:3])})"
            for v in result["violations"] if v["impact"] in impacts]


SCHEMES = ("light", "dark")


def violations_in_each_scheme(page: Page, axe_script: str, impacts: Collection[str] = SERIOUS) -> list[str]:
    """Serious and critical axe violations on the page in the light and in the dark colour scheme, the one page
    switched between them (Playwright's emulate_media): the themes change colours only, so a test loads its
    pages once rather than once per theme. The page is left in the light scheme."""
    found = []
    for scheme in (*SCHEMES[1:], SCHEMES[0]):
        page.emulate_media(color_scheme=scheme)
        found += [f"{scheme}: {line}" for line in violations(page, axe_script, impacts)]
    return found
