"""The request's plumbing around the views: device logins (auth) and API tokens (api_auth), which requests are the
API's (api_requests), body and header limits (body_limit, headers), the reader's language (i18n), the request log,
static files, throttling and the URL helpers."""
