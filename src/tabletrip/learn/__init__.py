"""Learned evaluations: self-play positions (`positions`), a value network fitted to them
(`training`), and the `tabletrip train` command built on both. The network itself, which
bots use at play time, is `tabletrip.bots.value_network`."""
