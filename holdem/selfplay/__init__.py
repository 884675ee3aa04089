"""Self-play: agents, and many hands or a sit-and-go played by them.

What lives here: the built-in agents (:mod:`~holdem.selfplay.agents`), agent
specifications as text (:mod:`~holdem.selfplay.agent_specs`), the simulator
behind ``holdem simulate`` (:mod:`~holdem.selfplay.simulate`), its Ray backend
(:mod:`~holdem.selfplay.simulate_ray`, the ``ray`` extra's own module), result
shards and merging (:mod:`~holdem.selfplay.shards`), and the single-table
sit-and-go behind ``holdem tournament`` (:mod:`~holdem.selfplay.tournament`).

What it may import: :mod:`holdem.engine`, :mod:`holdem.table`,
:mod:`holdem.views`, :mod:`holdem.equity` and :mod:`holdem.errors`; ``ray``
only inside :mod:`~holdem.selfplay.simulate_ray`.
"""
