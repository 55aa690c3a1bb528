"""hexors"""
