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
// (/api/words); a text it lacks stays in English. fmt fills %(name)s placeholders; nt
// chooses the form a count wants, by the language's plural rule (gettext's two forms:
// Intl's "one" is the first, as for 0 and 1 in French, 1 in English and Spanish).
let WORDS = {};
function t(text) { return typeof WORDS[text] === "string" ? WORDS[text] : text; }
function nt(singular, plural, n) {
  const one = new Intl.PluralRules(document.documentElement.lang || "en").select(n) === "one";
  const forms = Array.isArray(WORDS[singular]) ? WORDS[singular] : [singular, plural];
  return forms[one ? 0 : 1];
}
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

// What a push changed, and only that, changed on the page: a card's elements are kept
// (a screen reader keeps its place, a scrolling reader theirs, a test its element) and
// made to match the ones just built. Children with a data-key are matched by it (the
// history's inputs, the past games, the players), the others by place.
function keyOf(node) {
  return node.nodeType === Node.ELEMENT_NODE ? node.getAttribute("data-key") : null;
}

function alike(node, wanted) {
  return node.nodeType === wanted.nodeType && node.nodeName === wanted.nodeName &&
    keyOf(node) === keyOf(wanted);
}

function morph(node, wanted) {
  if (node.nodeType === Node.TEXT_NODE) {
    if (node.data !== wanted.data) node.data = wanted.data;
    return;
  }
  for (const attr of [...node.attributes]) {
    if (!wanted.hasAttribute(attr.name)) node.removeAttribute(attr.name);
  }
  for (const attr of [...wanted.attributes]) {
    if (node.getAttribute(attr.name) !== attr.value) node.setAttribute(attr.name, attr.value);
  }
  patchChildren(node, [...wanted.childNodes]);
}

function patchChildren(parent, wanted) {
  const keyed = new Map();
  for (const child of parent.childNodes) {
    if (keyOf(child) !== null) keyed.set(keyOf(child), child);
  }
  wanted.forEach((want, i) => {
    const here = parent.childNodes[i] || null;
    const key = keyOf(want);
    let have = key !== null ? keyed.get(key) : here;
    if (have && !alike(have, want)) have = null;
    if (!have) {
      parent.insertBefore(want, here);
      return;
    }
    if (have !== here) parent.insertBefore(have, here);
    morph(have, want);
  });
  while (parent.childNodes.length > wanted.length) parent.lastChild.remove();
}

// A text put in only when it differs (a live region says it again only when it changed).
function say(id, text) {
  text = text === undefined || text === null ? "" : String(text);
  const node = $(id);
  if (node.textContent !== text) node.textContent = text;
  return node;
}
