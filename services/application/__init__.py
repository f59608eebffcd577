"""application"""
