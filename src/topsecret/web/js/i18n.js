// Languages in the browser: the catalogues the Python package exports
// (python -m topsecret.i18n export, docs/languages.md), one per language, never a list kept here.
// Each player picks a language from the menu; the first visit follows the browser's languages.

export const LANGUAGES = { en: "English", fr: "Français", de: "Deutsch", it: "Italiano" };
const STORED = "topsecret.lang";

// The catalogues' plural rules (their Plural-Forms headers), without evaluating code.
const PLURAL_RULES = {
  "(n != 1)": (n) => (n !== 1 ? 1 : 0),
  "(n > 1)": (n) => (n > 1 ? 1 : 0),
};

let catalogue = { lang: "en", plural: "(n != 1)", messages: {} };

// The language to show: the one picked before, else the first of the browser's that we have.
export function chosenLanguage() {
  const stored = localStorage.getItem(STORED);
  if (stored && stored in LANGUAGES) return stored;
  for (const tag of navigator.languages || [navigator.language || "en"]) {
    const code = String(tag).toLowerCase().split("-")[0];
    if (code in LANGUAGES) return code;
  }
  return "en";
}

// Calls of loadLanguage so far: the catalogue of the last one is the one kept.
let requests = 0;

export async function loadLanguage(lang) {
  const request = ++requests;
  const response = await fetch(`/static/locale/${lang}.json`);
  if (!response.ok) throw new Error(`no catalogue for ${lang}`);
  const loaded = await response.json();
  // A language asked for earlier whose catalogue arrives later (the page's own, as it
  // starts) must not replace the one asked for last.
  if (request !== requests) return;
  catalogue = loaded;
  document.documentElement.lang = lang;
}

export function gettext(message) {
  const found = catalogue.messages[message];
  return typeof found === "string" && found ? found : message;
}

export function ngettext(singular, plural, n) {
  const found = catalogue.messages[singular];
  const rule = PLURAL_RULES[catalogue.plural] || PLURAL_RULES["(n != 1)"];
  const index = rule(n);
  if (Array.isArray(found) && found[index]) return found[index];
  return index === 0 ? singular : plural;
}

// A translated message with its {name} placeholders filled in, as Python's str.format does
// for the same catalogue messages.
export function format(message, params = {}) {
  return message.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

// A message the server sent before putting it in words, [template, params], in the language:
// a parameter that is itself [template, params] (a card's name) is translated first, as
// topsecret.i18n.filled_message does in Python. Anything else is shown as it is.
export function formatMessage(message) {
  if (!Array.isArray(message)) return message == null ? "" : String(message);
  const [template, params = {}] = message;
  const names = Object.keys(params);
  if (!names.length) return gettext(String(template));
  const filled = {};
  for (const name of names) filled[name] = formatMessage(params[name]);
  return format(gettext(String(template)), filled);
}

// Every element marked data-i18n shows its text in the language; data-i18n-attr names
// attributes (placeholder, title, aria-label: space-separated) translated the same way. The English stays in data-i18n-source.
export function translatePage(root = document) {
  for (const element of root.querySelectorAll("[data-i18n]")) {
    if (!element.dataset.i18nSource) element.dataset.i18nSource = element.textContent.trim().replace(/\s+/g, " ");
    element.textContent = gettext(element.dataset.i18nSource);
  }
  for (const element of root.querySelectorAll("[data-i18n-attr]")) {
    for (const name of element.dataset.i18nAttr.split(/\s+/).filter(Boolean)) {
      const key = `i18nSource-${name}`.replace(/-([a-z])/g, (_, c) => c.toUpperCase());
      if (!element.dataset[key]) element.dataset[key] = element.getAttribute(name) || "";
      element.setAttribute(name, gettext(element.dataset[key]));
    }
  }
}

// The language menu; picking a language keeps it for the next visit and shows the page in it.
export function languageMenu() {
  const current = catalogue.lang;
  const select = document.createElement("select");
  select.id = "lang-select";
  select.setAttribute("aria-label", gettext("Language"));
  for (const [code, name] of Object.entries(LANGUAGES)) {
    const option = document.createElement("option");
    option.value = code;
    option.textContent = name;
    option.lang = code;
    option.selected = code === current;
    select.append(option);
  }
  select.addEventListener("change", () => {
    localStorage.setItem(STORED, select.value);
    location.reload();
  });
  return select;
}

// Load the chosen language, translate the page and put the menu in its top bar.
export async function startLanguage() {
  const lang = chosenLanguage();
  try {
    await loadLanguage(lang);
  } catch (exc) {
    console.warn(exc);
  }
  translatePage();
  const bar = document.querySelector(".topbar");
  if (bar) bar.append(languageMenu());
}
