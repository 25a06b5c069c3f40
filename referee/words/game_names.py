"""What a match's game and deck are called: each preset's short name, as lists of matches and the player page's
filter show it (the new-match page describes them in full), and each deck style's name, as the new-match choices
and the scoreboard's "Rules and cards" show it; shared by views and forms."""

from __future__ import annotations

from flask_babel import lazy_gettext as _l

GAME_NAMES = {"escova-rs": _l("Escova RS"), "escoba-es": _l("Escoba (Spain)"),
              "escoba-intl": _l("Escoba international")}
DECK_NAMES = {"spanish": _l("Spanish deck"), "french": _l("French deck, Q = 8, J = 9 (Brazil)"),
              "french-jq": _l("French deck, J = 8, Q = 9")}
