/* What spellc's pages do in the browser, alone (so also on a site opened from disk):

   1. Card galleries: filters over a page's table of cards, drawn from the columns the page names in
   `data-facets` (a `|`-separated list of column headers), plus a search over each row's words.
   A cell's values are the `title`s of what it holds (a gem "Fire", a fluency "Fluency 2"), or else its text.
   2. Search from disk: the theme's search runs in a web worker, which a browser refuses to a page opened
      from disk; the search box then says how to serve the site instead of staying silent. */
(function () {
  "use strict";

  function cellValues(cell) {
    const titled = Array.from(cell.querySelectorAll("[title]"), (e) => e.getAttribute("title"));
    const values = titled.length ? titled : [cell.textContent.trim()];
    return Array.from(new Set(values.filter((v) => v)));
  }

  function natural(a, b) {
    return a.localeCompare(b, undefined, { numeric: true, sensitivity: "base" });
  }

  function facet(name, column, rows) {
    const values = new Set();
    rows.forEach((row) => cellValues(row.cells[column]).forEach((v) => values.add(v)));
    const select = document.createElement("select");
    select.name = name;
    select.add(new Option(`${name}: all`, ""));
    Array.from(values).sort(natural).forEach((v) => select.add(new Option(v, v)));
    const label = document.createElement("label");
    label.append(select);
    select.setAttribute("aria-label", name);
    return { column, select, label };
  }

  function setUp(gallery) {
    const table = gallery.querySelector("table");
    if (!table || gallery.dataset.spellcReady || !table.tHead || !table.tBodies.length) return;
    gallery.dataset.spellcReady = "1";
    const headers = Array.from(table.tHead.rows[0].cells, (c) => c.textContent.trim());
    const rows = Array.from(table.tBodies[0].rows);
    const facets = (gallery.dataset.facets || "").split("|")
      .filter((name) => headers.includes(name))
      .map((name) => facet(name, headers.indexOf(name), rows));
    const words = document.createElement("input");
    words.type = "search";
    words.placeholder = "Words of the card";
    words.setAttribute("aria-label", "Words of the card");
    const count = document.createElement("output");
    const noun = gallery.dataset.noun || "cards";

    function apply() {
      const wanted = words.value.trim().toLowerCase();
      let shown = 0;
      rows.forEach((row) => {
        const keep = facets.every((f) => !f.select.value || cellValues(row.cells[f.column]).includes(f.select.value))
          && (!wanted || row.textContent.toLowerCase().includes(wanted));
        row.hidden = !keep;
        shown += keep ? 1 : 0;
      });
      count.value = `${shown} of ${rows.length} ${noun}`;
    }

    const form = document.createElement("form");
    form.className = "spellc-filters";
    form.setAttribute("role", "search");
    form.append(...facets.map((f) => f.label), words, count);
    form.addEventListener("input", apply);
    form.addEventListener("submit", (event) => event.preventDefault());
    gallery.prepend(form);
    apply();
  }

  const SERVE = "Search needs the site served: run `spellc site --serve`";

  function explainSearchFromDisk() {
    if (window.location.protocol !== "file:") return;
    document.querySelectorAll("input[data-md-component='search-query']").forEach((input) => {
      input.placeholder = SERVE;
      input.title = SERVE;
    });
    document.querySelectorAll(".md-search-result__meta").forEach((meta) => {
      meta.textContent = SERVE;
    });
  }

  function setUpAll() {
    document.querySelectorAll(".spellc-gallery[data-facets]").forEach(setUp);
    explainSearchFromDisk();
  }

  // mkdocs-material's instant navigation swaps pages without a load event: it announces each on document$.
  if (typeof window.document$ !== "undefined") {
    window.document$.subscribe(setUpAll);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setUpAll);
  } else {
    setUpAll();
  }
})();
