"""Printable sheets (ReportLab): ``python -m sheets KIND -o FILE.pdf``."""
