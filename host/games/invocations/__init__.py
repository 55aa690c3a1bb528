"""invocations"""
