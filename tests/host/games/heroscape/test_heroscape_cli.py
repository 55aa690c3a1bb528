"""`hexref odds heroscape` (HS-6, HS-7): exact fraction, decimal and the JSON distribution."""
import json

from host.commands.main import main


def test_hs_7_cli_prints_fraction_and_decimal(capsys):
    assert main(["odds", "heroscape", "--attack", "3", "--defense", "2"]) == 0
    out = capsys.readouterr().out
    assert "destroy: 5/8 = 0.625000 (62.5%)" in out


def test_hs_7_cli_json_full_distribution(capsys):
    assert main(["odds", "heroscape", "--attack", "15", "--defense", "15", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [row["skulls"] for row in data["unblocked"]] == list(range(16))
    from fractions import Fraction
    total = sum(Fraction(row["p"]) for row in data["unblocked"])
    assert total == 1
    assert 1 - Fraction(data["unblocked"][0]["p"]) == Fraction(data["p_destroy"])


def test_hs_7_cli_refuses_too_many_dice(capsys):
    assert main(["odds", "heroscape", "--attack", "21", "--defense", "2"]) == 2
    assert "at most 20" in capsys.readouterr().err
