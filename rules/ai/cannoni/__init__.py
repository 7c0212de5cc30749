"""AI captains for Cannoni in batteria!"""
