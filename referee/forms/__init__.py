"""Every form, one module per area: accounts, matches, hands."""

from .accounts import LoginForm, RegisterForm
from .common import options
from .hands import CardsHandForm, HandFormBase, TallyHandForm
from .matches import CARD_CODES, DECK_CHOICES, DrawForm, NewMatchForm
from .quick_entry import QuickHandForm

__all__ = ["CARD_CODES", "DECK_CHOICES", "CardsHandForm", "DrawForm", "HandFormBase", "LoginForm", "NewMatchForm",
           "QuickHandForm", "RegisterForm", "TallyHandForm", "options"]
