// What both pages (the game's, index.html, and the club night's, club.html) share: their
// words in the table's language and building elements that hold text, never HTML.
"use strict";

const SVG = "http://www.w3.org/2000/svg";

function $(id) { return document.getElementById(id); }

function el(tag, attrs, text) {
  const node = tag.startsWith("svg:") ? document.createElementNS(SVG, tag.slice(4))
                                      : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

// The page's words in the table's language, as the server's catalogue says them
// (/api/words); a text it lacks stays in English. fmt fills %(name)s placeholders.
let WORDS = {};
function t(text) { return WORDS[text] || text; }
function fmt(text, values) {
  return text.replace(/%\((\w+)\)[sd]/g, (all, name) =>
    values[name] === undefined ? all : String(values[name]));
}

async function speak() {
  try {
    const res = await fetch("/api/words");
    if (res.ok) {
      const said = await res.json();
      WORDS = said.words || {};
      document.documentElement.lang = said.lang || "en";
    }
  } catch (err) {
    WORDS = {};  // the page still works, in English
  }
  for (const node of document.querySelectorAll("[data-t]")) {
    node.textContent = t(node.textContent.replace(/\s+/g, " ").trim());
  }
}
