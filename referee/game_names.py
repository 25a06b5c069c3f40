"""Each preset's short name, as lists of matches and the player page's filter show it (the new-match page
describes them in full); shared by views and forms."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

GAME_NAMES = {"escova-rs": _l("Escova RS"), "escoba-es": _l("Escoba (Spain)"),
              "escoba-intl": _l("Escoba international")}
