"""The blind pairwise arena and human grading of the portal (ratings, battles, grading)."""
