"""What many games let us claim: intervals and contrasts of rates and means, and Holm's correction."""
