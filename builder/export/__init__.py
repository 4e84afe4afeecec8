"""Printouts (reportlab): profile cards and turn summary sheets. No Qt here."""
