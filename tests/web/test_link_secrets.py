"""What is kept of a join code and of an invite link: one keyed hash, the same bytes as before they shared it, so
the codes and invites already handed out keep letting people in."""

from __future__ import annotations

import hashlib
import hmac

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.services.clubs import secret_hash
from referee.services.link_secrets import keyed_hash
from referee.services.sharing import ALPHABET, CODE_LENGTH, code_hash


def reference(app, message: bytes) -> str:
    """The HMAC-SHA256 under the app's secret key, as the stored rows were written."""
    return hmac.new(str(app.config["SECRET_KEY"]).encode(), message, hashlib.sha256).hexdigest()


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(code=st.text(alphabet=ALPHABET, min_size=CODE_LENGTH, max_size=CODE_LENGTH),
       secret=st.text(alphabet="ABCxyz019_-", min_size=24, max_size=24))
def test_stored_codes_and_invites_hash_as_they_always_did(app, code: str, secret: str) -> None:
    """A join code's hash is the HMAC of the code alone, an invite's of 'club-invite:' and its secret."""
    with app.app_context():
        assert code_hash(code.lower()) == keyed_hash(code) == reference(app, code.encode())
        assert secret_hash(secret) == reference(app, b"club-invite:" + secret.encode())


def test_a_code_and_an_invite_of_the_same_text_never_share_a_hash(app) -> None:
    """Each kind hashes under its own purpose."""
    with app.app_context():
        assert keyed_hash("ABCD2345") != keyed_hash("ABCD2345", "club-invite:")
