// Placeholder; grows with its issue.
