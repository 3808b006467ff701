// Short rules summaries, one click away on every table (static text, shipped with the client).
export const RULES = {
  vault: {
    blurb: "Fast card game for 2–6: everyone plays a card at once; lock documents in your safe, dodge assassins, send moles to steal.",
    html: `<h2>The vault card game in one minute</h2>
<ul>
<li><b>Every trick, everyone picks a card at the same time.</b> Cards are revealed together.</li>
<li><b>Documents</b> (and the <b>special agent</b>) land face up in front of you. Two face-up cards that
pair (same value, or a document with the special agent as joker) go into your safe on the <b>×2</b> side;
two that do not match go in on the <b>×1</b> side.</li>
<li>A lone new face-up card: <b>bank it</b> now (×1) or <b>keep it</b> out to try for a pair later.</li>
<li><b>Assassin</b>: “Boom!” destroys every face-up card outside the safes, except special agents and the card
under one. Cards in safes are always safe.</li>
<li><b>Mole</b>: if no assassin was played, it steals a document or special agent an opponent has just played.</li>
<li>When the hands are empty the deal is scored: ×1 cards at face value, ×2 pairs double. Deals go on until someone
reaches the target total (one deal only if the table says so). Highest total wins.</li>
</ul>
<p>Only the moves you may make are clickable: a card in your hand, a Steal button under a rival, Bank or Keep.</p>`,
  },
  spyworld: {
    blurb: "Build a villain's lair room by room while training your Agent, then break into an opponent's lair.",
    html: `<h2>SpyWorld in one minute</h2>
<ul>
<li><b>Planning</b>: each round three cards lie face up under three decks. Everyone chooses at the same time:
take a card, or <b>pass</b> for +1 money. Several players may take the same card. Taking a second or third card
the same round uses a <b>bonus action</b> (five a game, each dearer than the last).</li>
<li>The <b>back of the deck above</b> a card decides where it goes: a <b style="color:#b3261e">red</b> back is a row,
a <b style="color:#2855a8">blue</b> back a column, its number which one. Drawing elsewhere costs money (the price is on
each highlighted room). For Training it is the price, for a Gadget the gadget's number.</li>
<li>Your lair: <b>Walls</b> block the way, <b>Traps</b> (Lasers, Giant Saw, Shark Pool) and <b>Sentries</b> (Guard Dog,
Guard, Robot) cost the intruder points, <b>Secrets</b> earn money now and are worth more at the end. The
<b>START</b> square stays empty; no Shark Pool or Robot in the grey entryway; no Wall on a wavy edge.</li>
<li><b>Missions</b>: the first to meet one claims it: money now or points at the end.</li>
<li><b>Exploration</b>: the lairs are passed on, and your Agent (bonus and power added) enters at START. Each room
costs 1 Movement, Traps and Sentries cost more the first time (see the board's table), Secrets you reach are stolen.
Gadgets and your Agent's power work once each. You stop when you want or cannot go further.</li>
<li><b>Score</b>: Secrets left in your lair (walled-off ones do not count) + Secrets stolen + money left + missions;
Trapper +10 (most Traps set off in your lair), Explorer +5 (most rooms), Brutal +20 (most Sentries), Gadget Lover −20
(most Gadgets). Ties all get it, unless everyone ties. Richest wins.</li>
</ul>
<p>Only what you may do is clickable: a card's Take button, a highlighted room, a dashed yellow edge for a Wall.</p>`,
  },
  briefcase: {
    blurb: "Six freelance agents, one briefcase: move them, pay them off in secret, bring the briefcase to your HQ.",
    html: `<h2>The briefcase game in one minute</h2>
<ul>
<li>Six freelance agents belong to nobody. On your turn: <b>make a payoff</b> (secretly put sovereigns from your
reserve on one agent, or 1 on Dr. Solomon), <b>move an agent</b> one step (red lines, or station to station),
taking the briefcase along, or <b>burn an agent</b> with another one.</li>
<li>Moves and burns can be <b>challenged</b>: challenger and mover announce higher and higher numbers, never more
than what they really paid off to the acting agent. The higher number wins; a failed challenger is
<b>restricted</b> (payoff only next turn). Nobody loses sovereigns in a challenge.</li>
<li>After a successful move the agent may use its <b>power</b>.</li>
<li>Bring the briefcase to <b>your HQ</b> and you win at once. After each round Dr. Solomon's die advances; at the end
of the track it is rolled, and if Dr. Solomon shows, the biggest payoff to him wins.</li>
</ul>
<p>Click an agent on the map, then a highlighted city; your payoff board stays behind your shield.</p>`,
  },
  wink: {
    blurb: "Real-time game for 4–8: wink at your contact, glance toward your meeting place, catch the others winking.",
    html: `<h2>The winking game in one minute</h2>
<ul>
<li>You hold an <b>agent card</b> (your contact: wink at that player) and a <b>location card</b> (your meeting place).</li>
<li>Everyone looks at one thing at a time: click a player to look at them, or your location. Arrows show where you
look (yellow), who looks at you (red) and where the player you watch is looking (blue).</li>
<li>A <b>wink</b> or a <b>glance</b> lasts a moment and is seen only by whoever is looking at you then.
You can wink only at your contact and glance only toward your own location: every signal is true.</li>
<li>With the <b>suitcase</b> on your turn: complete a mission (name where your contact meets you) or pass it on,
optionally swapping cards. A correct mission scores for both of you.</li>
<li><b>Catch!</b> Accuse “A winked at B” at any moment (it costs an observation chip): right, and you keep A's card
as a point.</li>
<li>The game ends when an agent card cannot be drawn; most points wins.</li>
</ul>`,
  },
};

/**
 * Game options in plain words: a label, a line of help, and readable names for listed values.
 * An option missing here is shown with its own name and the game's help text.
 */
export const OPTIONS = {
  vault: {
    target: { label: "Points to win", help: "Deals go on until someone reaches this total." },
    single_deal: { label: "Play one deal only", help: "A short game: the one deal is scored and the highest total wins." },
  },
  wink: {
    mode: { label: "How signals are given", help: "On screen: winks and glances are shown in the app. Companion: you wink for real (same room or video call); the app deals and checks missions.",
      values: { signals: "on screen", companion: "for real (companion app)" } },
    signal: { label: "The table's signal", help: "What counts as a wink at this table, for players who cannot wink.",
      values: { wink: "a wink", blink: "a blink", eyebrows: "raised eyebrows", nod: "a nod" } },
    first_game: { label: "First game", help: "Removes two agent cards per player, as the rules suggest for a first game." },
    agent_cards: { label: "Agent cards in the deck", help: "Fewer cards make a shorter game (at least 3 per player); 0 keeps all of them." },
    turn_seconds: { label: "Seconds per suitcase turn", help: "After this long the suitcase is passed on for you; 0 means no limit." },
    look_ms: { label: "Time to turn your eyes (ms)", help: "Looking at someone new takes this long; until then you see nothing of them, and only eyes already on a player see their wink." },
    notice_ms: { label: "Time to notice a look (ms)", help: "Someone who turns to look at you shows as watching you only this long after their eyes arrive." },
  },
  spyworld: {
    lair: { label: "Lair board", help: "Each board has its own entryway and walls; the Superyacht is for a first game.",
      values: { superyacht: "Superyacht (1, first game)", polar_base: "Polar Base (2)", jungle_temple: "Jungle Temple (3)", moon_base: "Moon Base (4)" } },
    gadgets: { label: "Gadget side", help: "The Expert side of the gadgets is stronger and trickier.", choices: ["normal", "expert"],
      values: { normal: "Normal", expert: "Expert" } },
    beginners: { label: "Beginner's budget", help: "Who gets +5 money to start with (the beginners' variant).", choices: ["none", "all"],
      values: { none: "nobody", all: "everyone" } },
    lenient: { label: "Explorers may correct their path", help: "Variant 2: up to 10 undos each during the exploration." },
    free_agents: { label: "Pick your Agent freely", help: "Everyone chooses any Agent instead of being dealt two to choose from." },
  },
  briefcase: {},
};

/** A bot's strength, in words, for the seat lists. */
export const BOT_LEVELS = {
  easy: "easy bot",
  medium: "medium bot",
  hard: "hard bot",
  heuristic: "rule-of-thumb bot",
  random: "random bot (plays any legal move)",
  ismcts: "searching bot (slow)",
};

