// Short rules summaries, one click away on every table (static text, shipped with the client).
// Every text is a message of the catalogues, marked with N_ and translated where it is shown
// (this module is loaded before the catalogue is); the rules' texts keep their <b> markup.
import { gettext } from "./i18n.js";

const N_ = (message) => message;

export const RULES = {
  vault: {
    blurb: N_("Fast card game for 2–6: everyone plays a card at once; lock documents in your safe, dodge assassins, send moles to steal."),
    title: N_("The vault card game in one minute"),
    items: [
      N_("<b>Every trick, everyone picks a card at the same time.</b> Cards are revealed together."),
      N_("<b>Documents</b> (and the <b>special agent</b>) land face up in front of you. Two face-up cards that pair (same value, or a document with the special agent as joker) go into your safe on the <b>×2</b> side; two that do not match go in on the <b>×1</b> side."),
      N_("A lone new face-up card: <b>bank it</b> now (×1) or <b>keep it</b> out to try for a pair later."),
      N_("<b>Assassin</b>: “Boom!” destroys every face-up card outside the safes, except special agents and the card under one. Cards in safes are always safe."),
      N_("<b>Mole</b>: if no assassin was played, it steals a document or special agent an opponent has just played."),
      N_("When the hands are empty the deal is scored: ×1 cards at face value, ×2 pairs double. Deals go on until someone reaches the target total (one deal only if the table says so). Highest total wins."),
    ],
    footer: N_("Only the moves you may make are clickable: a card in your hand, a Steal button under a rival, Bank or Keep."),
  },
  spyworld: {
    blurb: N_("Build a villain's lair room by room while training your Agent, then break into an opponent's lair."),
    title: N_("SpyWorld in one minute"),
    items: [
      N_("<b>Planning</b>: each round three cards lie face up under three decks. Everyone chooses at the same time: take a card, or <b>pass</b> for +1 money. Several players may take the same card. Taking a second or third card the same round uses a <b>bonus action</b> (five a game, each dearer than the last)."),
      N_("The <b>back of the deck above</b> a card decides where it goes: a <b style=\"color:#b3261e\">red</b> back is a row, a <b style=\"color:#2855a8\">blue</b> back a column, its number which one. Drawing elsewhere costs money (the price is on each highlighted room). For Training it is the price, for a Gadget the gadget's number."),
      N_("Your lair: <b>Walls</b> block the way, <b>Traps</b> (Lasers, Giant Saw, Shark Pool) and <b>Sentries</b> (Guard Dog, Guard, Robot) cost the intruder points, <b>Secrets</b> earn money now and are worth more at the end. The <b>START</b> square stays empty; no Shark Pool or Robot in the grey entryway; no Wall on a wavy edge."),
      N_("<b>Missions</b>: the first to meet one claims it: money now or points at the end."),
      N_("<b>Exploration</b>: the lairs are passed on, and your Agent (bonus and power added) enters at START. Each room costs 1 Movement, Traps and Sentries cost more the first time (see the board's table), Secrets you reach are stolen. Gadgets and your Agent's power work once each. You stop when you want or cannot go further."),
      N_("<b>Score</b>: Secrets left in your lair (walled-off ones do not count) + Secrets stolen + money left + missions; Trapper +10 (most Traps set off in your lair), Explorer +5 (most rooms), Brutal +20 (most Sentries), Gadget Lover −20 (most Gadgets). Ties all get it, unless everyone ties. Richest wins."),
    ],
    footer: N_("Only what you may do is clickable: a card's Take button, a highlighted room, a dashed yellow edge for a Wall."),
  },
  briefcase: {
    blurb: N_("Six freelance agents, one briefcase: move them, pay them off in secret, bring the briefcase to your HQ."),
    title: N_("The briefcase game in one minute"),
    items: [
      N_("Six freelance agents belong to nobody. On your turn: <b>make a payoff</b> (secretly put sovereigns from your reserve on one agent, or 1 on Dr. Solomon), <b>move an agent</b> one step (red lines, or station to station), taking the briefcase along, or <b>burn an agent</b> with another one."),
      N_("Moves and burns can be <b>challenged</b>: challenger and mover announce higher and higher numbers, never more than what they really paid off to the acting agent. The higher number wins; a failed challenger is <b>restricted</b> (payoff only next turn). Nobody loses sovereigns in a challenge."),
      N_("After a successful move the agent may use its <b>power</b>."),
      N_("Bring the briefcase to <b>your HQ</b> and you win at once. After each round Dr. Solomon's die advances; at the end of the track it is rolled, and if Dr. Solomon shows, the biggest payoff to him wins."),
    ],
    footer: N_("Click an agent on the map, then a highlighted city; your payoff board stays behind your shield."),
  },
  wink: {
    blurb: N_("Real-time game for 4–8: wink at your contact, glance toward your meeting place, catch the others winking."),
    title: N_("The winking game in one minute"),
    items: [
      N_("You hold an <b>agent card</b> (your contact: wink at that player) and a <b>location card</b> (your meeting place)."),
      N_("Everyone looks at one thing at a time: click a player to look at them, or your location. Arrows show where you look (yellow), who looks at you (red) and where the player you watch is looking (blue)."),
      N_("A <b>wink</b> or a <b>glance</b> lasts a moment and is seen only by whoever is looking at you then. You can wink only at your contact and glance only toward your own location: every signal is true."),
      N_("With the <b>suitcase</b> on your turn: complete a mission (name where your contact meets you) or pass it on, optionally swapping cards. A correct mission scores for both of you."),
      N_("<b>Catch!</b> Accuse “A winked at B” at any moment (it costs an observation chip): right, and you keep A's card as a point."),
      N_("The game ends when an agent card cannot be drawn; most points wins."),
    ],
  },
};

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
    map: { label: N_("Map"), help: N_("path to a map TOML file (empty: the built-in map of Europe)"), values: { "": N_("Europe") } },
    hq_win: { label: N_("Who wins at an HQ"), help: N_("who wins when the briefcase enters an HQ: 'mover', as printed, only the player who moves it into their own HQ; 'owner', a variant, that HQ's seat whoever moved it"),
      values: { mover: N_("the player who moves it into their own HQ (as printed)"), owner: N_("that HQ's player, whoever moved it (variant)") } },
  },
};

/** A bot's strength, in words, for the seat lists. */
export const BOT_LEVELS = {
  easy: N_("easy bot"),
  medium: N_("medium bot"),
  hard: N_("hard bot"),
  heuristic: N_("rule-of-thumb bot"),
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
