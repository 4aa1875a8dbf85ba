"""What a run found: every variant's figures, findings in sentences, terminal tables, cards testers named, cards across versions."""
