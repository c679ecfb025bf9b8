"""The History page's parts (assistant/ui/pages/history.py): recent games, players, head to head and
leaderboards, and the history's files (CSV, backup, restore). The figures come from assistant/history.py."""
