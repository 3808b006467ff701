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
<p>Only the moves you may make are clickable; the list on the right says what each does.</p>`,
  },
  spyworld: {
    blurb: "Build a lair from drafted cards, then send your agent to explore another player's lair.",
    html: `<h2>SpyWorld in one minute</h2>
<ul>
<li><b>Drafting rounds</b>: everyone chooses one of the offers at the same time and builds it into their lair grid.</li>
<li>Walls, traps and guards make your lair hard to cross; rooms and icons score.</li>
<li><b>Exploration</b>: each agent crosses another player's lair along a path; what it meets on the way decides the points.</li>
<li>Highest score wins.</li>
</ul>`,
  },
  briefcase: {
    blurb: "Freelance agents race Dr. Solomon's briefcase across the map; payoffs are secret, challenges interrupt.",
    html: `<h2>The briefcase game in one minute</h2>
<ul>
<li>Players take turns moving the freelance agents on the map; nobody owns an agent.</li>
<li>Each player holds a <b>secret payoff</b> saying which agents earn them money.</li>
<li>A player may <b>challenge</b> a move; challenges are settled by <b>bidding</b>.</li>
<li>When the briefcase reaches its destination, payoffs are revealed and scored.</li>
</ul>`,
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
