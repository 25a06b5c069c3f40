"""The examples' rules completed by the rules core: an answer recorded before an option existed gets it, with the
value the API now answers (the preset's, for a match of the scene started without it; its range or choices in the
list of rulesets). The options recorded stay as recorded, so tests/web/test_openapi.py still compares them with
the API's answers word for word; only an option added since is filled in, and a new option needs no edit of the
examples (docs/architecture.md, "Adding a preset or an option")."""

from __future__ import annotations

from typing import Any

from ..rules import OPTIONS, PRESETS, make_ruleset


def _options(preset: str, recorded: dict[str, Any]) -> dict[str, Any]:
    """A match's recorded options with those added since, as the preset has them."""
    return make_ruleset(preset, **recorded).options() | recorded


def with_every_option(example: Any, preset: str = "escova-rs") -> Any:
    """The example (any JSON) with every answer's options complete: a match's (by its `ruleset`), a backup's
    `rules`, a trail's `created` change (by the match it is of: `preset`, the scene's first match's without
    one), a preset of the list of rulesets and the list's options. A request's options (no `id`) are left as
    they are: a body need not name every option."""
    if isinstance(example, list):
        return [with_every_option(item, preset) for item in example]
    if not isinstance(example, dict):
        return example
    preset = example.get("ruleset") or (example.get("rules") or {}).get("preset") or preset
    done = {key: with_every_option(value, preset) for key, value in example.items()}
    if "id" in example and isinstance(example.get("options"), dict):
        done["options"] = _options(preset, example["options"])
    if isinstance(example.get("rules"), dict) and "preset" in example["rules"]:
        rules = example["rules"]
        done["rules"] = {"preset": rules["preset"]} | _options(rules["preset"], {k: v for k, v in rules.items()
                                                                                  if k != "preset"})
    if example.get("kind") == "created" and isinstance(example.get("after"), dict):
        after = example["after"]
        recorded = {key: value for key, value in after.items() if key in OPTIONS}
        done["after"] = after | _options(preset, recorded)
    if example.get("name") in PRESETS and isinstance(example.get("options"), dict):
        done["options"] = PRESETS[example["name"]].options() | example["options"]
    if "rulesets" in example and isinstance(example.get("options"), dict):
        done["options"] = {name: kind.takes() for name, kind in OPTIONS.items()} | example["options"]
    return done
