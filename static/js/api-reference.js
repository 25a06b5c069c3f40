// The API reference page: Swagger UI (static/vendor/swagger-ui, a global script) renders the OpenAPI document.
const root = document.getElementById("reference");

if (root && window.SwaggerUIBundle) {
  window.SwaggerUIBundle({
    url: root.dataset.document,
    domNode: root,
    deepLinking: false,
    // The document's own order: the referee first, as docs/api.md tells it.
    operationsSorter: null,
    defaultModelsExpandDepth: 0,
    // The examples and "Try it out" call this same site; there is nowhere else to validate the document against.
    validatorUrl: null,
  });
}

// The skip link: on this page an in-page link does not move (seen in Chromium with Swagger UI loaded: no #reference
// in the address, the next Tab back in the bar), so the link focuses the reference itself (tabindex="-1").
document.querySelector(".skip-link")?.addEventListener("click", (event) => {
  event.preventDefault();
  root?.focus();
});
