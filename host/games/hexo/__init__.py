"""hexo"""
