"""The API's JSON bodies: read as JSON within bounds (json_body), read into rules-core entries and service calls
(match_payloads, score_payloads) and written out (match_json)."""
