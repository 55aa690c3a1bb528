"""heroscape"""
