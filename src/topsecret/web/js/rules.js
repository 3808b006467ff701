// Short rules summaries, one click away on every table, and the options in plain words (static
// text, shipped with the client). Every text is a message of the catalogues, marked with N_ (or
// in rules.json) and translated where it is shown (this module is loaded before the catalogue is).
import { gettext } from "./i18n.js";

const N_ = (message) => message;

/**
 * Each game's rules in one minute: {blurb, title, items, footer?}, English messages of the
 * catalogues (the rules' texts keep their <b> markup). They live in a data file, rules.json,
 * which the terminal reads too; it is fetched once, before the modules that import it run.
 */
export const RULES = await (await fetch(new URL("../rules.json", import.meta.url))).json();

/**
 * Game options in plain words: a label, a line of help, and readable names for listed values;
 * offWhen names a switch that, when ticked, leaves the option without use (its field is off).
 * An option missing here is shown with its own name and the game's help text.
 */
export const OPTIONS = {
  vault: {
    // A target means nothing in a game of one deal: the field is off while that is ticked.
    target: { label: N_("Points to win"), help: N_("Deals go on until someone reaches this total; 0 means the deck's own target for this many players."), offWhen: "single_deal" },
    single_deal: { label: N_("Play one deal only"), help: N_("A short game: the one deal is scored and the highest total wins.") },
    stolen: { label: N_("A mole's loot"), help: N_("where a mole's loot lies: hidden beside the thief's safe (the rulebook's rule) or face up, where it may pair (its more exciting variant)"),
      values: { hidden: N_("hidden beside the thief's safe"), face_up: N_("face up, where it may pair") } },
  },
  wink: {
    mode: { label: N_("How signals are given"), help: N_("On screen: winks and glances are shown in the app. Companion: you wink for real (same room or video call); the app deals and checks missions."),
      values: { signals: N_("on screen"), companion: N_("for real (companion app)") } },
    signal: { label: N_("The table's signal"), help: N_("What counts as a wink at this table, for players who cannot wink."),
      values: { wink: N_("a wink"), blink: N_("a blink"), eyebrows: N_("raised eyebrows"), nod: N_("a nod") } },
    first_game: { label: N_("First game"), help: N_("Removes two agent cards per player, as the rules suggest for a first game.") },
    agent_cards: { label: N_("Agent cards in the deck"), help: N_("Fewer cards make a shorter game (at least 3 per player); 0 keeps all of them.") },
    turn_seconds: { label: N_("Seconds per suitcase turn"), help: N_("After this long the suitcase is passed on for you; 0 means no limit.") },
    look_ms: { label: N_("Time to turn your eyes (ms)"), help: N_("Looking at someone new takes this long; until then you see nothing of them, and only eyes already on a player see their wink.") },
    notice_ms: { label: N_("Time to notice a look (ms)"), help: N_("Someone who turns to look at you shows as watching you only this long after their eyes arrive.") },
  },
  spyworld: {
    lair: { label: N_("Lair board"), help: N_("Each board has its own entryway and walls; the Superyacht is for a first game."),
      values: { superyacht: N_("Superyacht (1, first game)"), polar_base: N_("Polar Base (2)"), jungle_temple: N_("Jungle Temple (3)"), moon_base: N_("Moon Base (4)") } },
    gadgets: { label: N_("Gadget side"), help: N_("The Expert side of the gadgets is stronger and trickier."), choices: ["normal", "expert"],
      values: { normal: N_("Normal"), expert: N_("Expert") } },
    beginners: { label: N_("Beginner's budget"), help: N_("Who gets +5 money to start with (the beginners' variant)."), choices: ["none", "all"],
      values: { none: N_("nobody"), all: N_("everyone") } },
    lenient: { label: N_("Explorers may correct their path"), help: N_("Variant 2: up to 10 undos each during the exploration.") },
    free_agents: { label: N_("Pick your Agent freely"), help: N_("Everyone chooses any Agent instead of being dealt two to choose from.") },
  },
  briefcase: {
    // In words a player reads beside the list: the option's own help names its file path and
    // its values as the command line types them.
    map: { label: N_("Map"), help: N_("The map the agents travel; a browser table is played on the built-in map of Europe."), values: { "": N_("Europe") } },
    hq_win: { label: N_("Who wins at an HQ"), help: N_("When the briefcase enters an HQ: as printed, only a player who moves it into their own HQ wins; in the variant, that HQ's player wins, whoever moved it."),
      values: { mover: N_("the player who moves it into their own HQ (as printed)"), owner: N_("that HQ's player, whoever moved it (variant)") } },
  },
};

/** A bot's strength, in words, for the seat lists. */
export const BOT_LEVELS = {
  easy: N_("easy bot"),
  medium: N_("medium bot"),
  hard: N_("hard bot"),
  heuristic: N_("rule-of-thumb bot (medium plays it)"),
  random: N_("random bot (plays any legal move)"),
  ismcts: N_("searching bot (slow)"),
};


/** A game's title in the reader's language (the games' titles are catalogue messages). */
export function gameTitle(gameId, title) {
  return gettext(title || gameId);
}

/** Options every game has: the rules version a table is played under. */
const COMMON_OPTIONS = {
  rules: { label: N_("Rules version"), help: N_("The edition of the rules this table is played under.") },
};

/** A game's options in plain words, translated: {name: {label, help, values, choices}}. */
export function optionWords(gameId) {
  const out = {};
  for (const [name, words] of Object.entries({ ...COMMON_OPTIONS, ...(OPTIONS[gameId] || {}) })) {
    out[name] = {
      ...words,
      label: words.label && gettext(words.label),
      help: words.help && gettext(words.help),
      values: words.values && Object.fromEntries(Object.entries(words.values).map(([k, v]) => [k, gettext(v)])),
    };
  }
  return out;
}

/** The rules summary of a game as markup (static text of this file, translated). */
export function rulesHtml(gameId) {
  const rules = RULES[gameId];
  if (!rules) return null;
  const items = rules.items.map((item) => `<li>${gettext(item)}</li>`).join("\n");
  const footer = rules.footer ? `<p>${gettext(rules.footer)}</p>` : "";
  return `<h2>${gettext(rules.title)}</h2>\n<ul>\n${items}\n</ul>\n${footer}`;
}
