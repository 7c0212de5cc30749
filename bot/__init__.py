"""The Discord adapter and the command line."""
